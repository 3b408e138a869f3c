import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentProps } from 'react';
import { AgentJoinPage } from '../screens/agent-join-page';
import { AgentLoginPage } from '../screens/agent-login-page';
import { ErrorBoundary } from '../../../common/ui/error-boundary';
import { Spinner } from '../../../common/ui/spinner';
import { checkAgentAuth } from '../session/session';
import { agentSessionAtom, offlineAtom } from '../session/session-state';
import { useOfflineEvents, useSessionCheck } from '../session/use-agent-connection';
import { useAgentPath } from '../agent-path';
import { rememberedAgent } from '../session/agent-storage';
import { OfflineBanner } from '../ui/offline-banner';
import { PendingButton } from '../ui/pending-button';
import { loadShellTexts, useAgentLocale } from '../i18n/locale';
import { registerAgentServiceWorker } from '../service-worker';
import '../features/auth/components/phone-login-form.css';
import { FrontScreen } from '../ui/front-screen';
import './agent-layout.css';

/** The logged-in screens' module could not be fetched (as opposed to an error of theirs). */
class ShellNotLoaded extends Error {
  constructor(options: ErrorOptions) {
    super('The logged-in screens could not be loaded', options);
  }
}

/*
 * The logged-in screens (./agent-shell.tsx) load after the login, not with the page: a phone's
 * first visit is always logged out (it must be paired first), so it downloads only the login.
 * An agent this phone remembers is most likely still in: their screens are fetched at once,
 * beside the start-up check.
 */
const loadShell = () =>
  // Its texts come with it, in the agent's language (see the catalogs in web/lingui.config.ts).
  Promise.all([import('./agent-shell'), loadShellTexts()]).then(
    ([{ AgentShell }]) => ({ default: AgentShell }),
    (error: unknown) => {
      throw new ShellNotLoaded({ cause: error });
    },
  );
const AgentShell = lazy(loadShell);
if (rememberedAgent()) void loadShell().catch(() => undefined);

/**
 * The delivery agents' phone app at /agents, an installable PWA: the phone login until the
 * start-up check (or a login) says the agent is in, then Active Orders (/agents) and Delivered
 * Orders (/agents/delivered); the shop's invite link (/agents/join) pairs the phone first. Its
 * manifest link and service worker belong to this area only.
 */
export function AgentLayout() {
  const session = useAtomValue(agentSessionAtom);
  const offline = useAtomValue(offlineAtom);
  const pathname = useAgentPath();
  // Every screen below renders again in the language the agent switches to.
  const locale = useAgentLocale();
  // Before the paint, so that a screen reader reads the first Hindi screen as Hindi.
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useOfflineEvents();
  useSessionCheck();
  useEffect(registerAgentServiceWorker, []);

  const onHome = pathname.replace(/\/+$/, '') === '/agents';
  // The shop's invite link pairs this phone whoever is logged in, and then logs its agent in.
  const joining = pathname.replace(/\/+$/, '') === '/agents/join';
  return (
    <div className="agent-app">
      {/* React puts these in the document head while the agent area is shown. */}
      <link rel="manifest" href="/agent-app/manifest.webmanifest" />
      <link rel="apple-touch-icon" href="/agent-app/icon-192.png" />
      {joining ? (
        <AgentJoinPage />
      ) : session.state === 'checking' ? (
        <Waiting label={t`Checking your session…`} />
      ) : session.state === 'in' ? (
        <LoggedIn agent={session.agent} offline={offline} />
      ) : (
        <>
          {offline && <OfflineBanner onRetry={() => void checkAgentAuth()} />}
          <AgentLoginPage unauthorized={!onHome} />
        </>
      )}
    </div>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="agent-checking">
      <title>{t`Kirana Delivery`}</title>
      <Spinner label={label} />
    </div>
  );
}

/**
 * The logged-in screens, afresh for each agent; a spinner while they load, and a way on when
 * they cannot (no signal, and not kept offline yet).
 */
function LoggedIn(props: ComponentProps<typeof AgentShell>) {
  return (
    <ErrorBoundary
      fallback={(error) => {
        // An error of the screens themselves is not a download to retry.
        if (!(error instanceof ShellNotLoaded)) throw error;
        return <ShellNotLoadedScreen />;
      }}
    >
      <Suspense fallback={<Waiting label={t`Loading orders…`} />}>
        <AgentShell key={props.agent._id} {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A browser keeps a module it failed to fetch, so trying again reloads the page (which the
 * service worker answers): at a tap, or by itself once the network is back.
 */
function ShellNotLoadedScreen() {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <FrontScreen>
      <p className="agent-notice" role="alert">
        {t`The orders screen could not be loaded. Check your connection and try again.`}
      </p>
      <div className="agent-login-form">
        <PendingButton pending={false} onClick={() => window.location.reload()}>
          {t`Try again`}
        </PendingButton>
      </div>
    </FrontScreen>
  );
}
