import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { pairedAgentAtom, pairingRefusalAtom } from '../session/pairing';
import { logInAgent } from '../session/session';
import { FrontScreen } from '../ui/front-screen';
import { PhoneLoginForm } from '../features/auth/components/phone-login-form';
import { errorText } from '../i18n/error-texts';

interface AgentLoginPageProps {
  /** A screen other than /agents was asked for without a session: say so above the login. */
  unauthorized: boolean;
}

/**
 * The phone login, shown by every agent screen until the agent is logged in. A phone the shop
 * has not paired is told how to get an invite instead of a bare refusal.
 */
export function AgentLoginPage({ unauthorized }: AgentLoginPageProps) {
  const paired = useAtomValue(pairedAgentAtom);
  const refusal = useAtomValue(pairingRefusalAtom);
  const name = paired?.name;
  return (
    <FrontScreen title={t`Agent login · Kirana Delivery`}>
      {unauthorized ? (
        <>
          <h1 className="agent-login__title">
            {t({ id: 'spec.unauthorizedAccess', message: 'Unauthorized access' })}
          </h1>
          <p className="agent-login__lead">{t`Log in with your phone number to see this screen.`}</p>
        </>
      ) : (
        <>
          <h1 className="agent-login__title">{t`Kirana Delivery`}</h1>
          <p className="agent-login__lead">
            {name
              ? t`This phone is paired with the shop for ${name}. Log in with your number.`
              : t`Log in with the phone number the shop registered for you.`}
          </p>
        </>
      )}
      {refusal && (
        <div className="agent-notice" role="alert">
          <p className="agent-notice__title">{errorText(refusal)}</p>
          <p>
            {t`The shop’s Agents screen gives each agent an invite link and its QR code. Open the link on this phone, or scan the code with its camera; then log in here.`}
          </p>
        </div>
      )}
      <PhoneLoginForm onLogin={logInAgent} initialPhone={paired?.phone} />
    </FrontScreen>
  );
}
