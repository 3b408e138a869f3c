import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import { navigateAgent } from '../agent-path';
import { pairingFailureText, pairThisPhone } from '../session/pairing';
import { logInAgent } from '../session/session';
import { FrontScreen } from '../ui/front-screen';
import { PendingButton } from '../ui/pending-button';
import '../features/auth/components/phone-login-form.css';

type Joining =
  | { state: 'pairing' }
  /** `error` is null for a link without a code. Said while rendering, in the agent's language. */
  | { state: 'failed'; error: unknown; retry: boolean };

/**
 * /agents/join?code=…: the shop's invite link (or its QR code) opened on the agent's phone. It
 * pairs this phone with the agent and logs them in with their number; a used, expired or
 * replaced invite says so, with what to do.
 */
export function AgentJoinPage() {
  const [code] = useState(
    () => new URLSearchParams(window.location.search).get('code')?.trim() ?? '',
  );
  const [joining, setJoining] = useState<Joining>(
    code ? { state: 'pairing' } : { state: 'failed', error: null, retry: false },
  );
  const started = useRef(false);

  const join = useCallback(async () => {
    setJoining({ state: 'pairing' });
    const paired = await pairThisPhone(code);
    if (!paired.ok) {
      setJoining({ state: 'failed', error: paired.error, retry: paired.retry });
      return;
    }
    // In: the orders show. Refused: the login shows, with the paired number filled in.
    await logInAgent(paired.phone);
    navigateAgent('/agents', { replace: true });
  }, [code]);

  // An invite works once: it is sent once, however often the effect runs.
  useEffect(() => {
    if (started.current || !code) return;
    started.current = true;
    void join();
  }, [code, join]);

  return (
    <FrontScreen title={t`Pair this phone · Kirana Delivery`}>
      {joining.state === 'pairing' ? (
        <>
          <h1 className="agent-login__title">{t`Pairing this phone`}</h1>
          <Spinner label={t`Pairing this phone with the shop…`} />
        </>
      ) : (
        <>
          <h1 className="agent-login__title">{t`This invite cannot be used`}</h1>
          <p className="agent-notice" role="alert">
            {joining.error === null
              ? t`This link has no invite code. Ask the shop for a new invite.`
              : pairingFailureText(joining.error)}
          </p>
          <div className="agent-login-form">
            {joining.retry && (
              <PendingButton pending={false} onClick={() => void join()}>
                {t`Try again`}
              </PendingButton>
            )}
            <PendingButton
              pending={false}
              variant={joining.retry ? 'secondary' : 'primary'}
              onClick={() => navigateAgent('/agents', { replace: true })}
            >
              {t`Go to login`}
            </PendingButton>
          </div>
        </>
      )}
    </FrontScreen>
  );
}
