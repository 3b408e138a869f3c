import { t } from '@lingui/core/macro';
import { AlertsSwitch } from '../features/push-alerts/components/alerts-switch';
import { LogoutIcon } from '../ui/agent-icons';
import { LanguageSwitch } from '../ui/language-switch';
import { PendingButton } from '../ui/pending-button';
import './agent-header.css';

interface AgentHeaderProps {
  /** The agent's name; empty when only the id was kept (opened offline by an older version). */
  name: string;
  loggingOut: boolean;
  onLogout: () => void;
}

/** The top bar: who is logged in, the language, and Logout. */
export function AgentHeader({ name, loggingOut, onLogout }: AgentHeaderProps) {
  return (
    <header className="agent-header">
      <div className="agent-header__who">
        <img
          className="agent-header__logo"
          src="/agent-app/icon-192.png"
          alt=""
          width="36"
          height="36"
        />
        <div>
          <p className="agent-header__greeting">{name ? t`Hi, ${name}` : t`Hi`}</p>
          <p className="agent-header__app">{t`Kirana Delivery`}</p>
        </div>
      </div>
      <div className="agent-header__actions">
        <AlertsSwitch />
        <LanguageSwitch />
        <PendingButton
          variant="secondary"
          pending={loggingOut}
          pendingLabel={t`Logging out…`}
          onClick={onLogout}
        >
          <LogoutIcon />
          <span className="agent-header__logout-text">{t`Logout`}</span>
        </PendingButton>
      </div>
    </header>
  );
}
