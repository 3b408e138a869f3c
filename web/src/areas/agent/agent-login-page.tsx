import { MESSAGES } from '@kirana/shared';
import { useSetAtom } from 'jotai';
import { logInAgentAtom } from '../../features/agent/atoms/session';
import { PhoneLoginForm } from '../../features/agent/components/phone-login-form';

interface AgentLoginPageProps {
  /** A screen other than /agents was asked for without a session: say so above the login. */
  unauthorized: boolean;
}

/** The phone login, shown by every agent screen until the agent is logged in. */
export function AgentLoginPage({ unauthorized }: AgentLoginPageProps) {
  const logIn = useSetAtom(logInAgentAtom);
  return (
    <main className="agent-login" id="agent-main">
      <title>Agent login · Kirana Delivery</title>
      <img
        className="agent-login__logo"
        src="/agent-app/icon-192.png"
        alt=""
        width="88"
        height="88"
      />
      {unauthorized ? (
        <>
          <h1 className="agent-login__title">{MESSAGES.unauthorizedAccess}</h1>
          <p className="agent-login__lead">Log in with your phone number to see this screen.</p>
        </>
      ) : (
        <>
          <h1 className="agent-login__title">Kirana Delivery</h1>
          <p className="agent-login__lead">
            Log in with the phone number the shop registered for you.
          </p>
        </>
      )}
      <PhoneLoginForm onLogin={logIn} />
    </main>
  );
}
