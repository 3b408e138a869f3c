import { PendingButton } from './pending-button';

interface AgentHeaderProps {
  /** The agent's name; empty when only the id was kept (opened offline by an older version). */
  name: string;
  loggingOut: boolean;
  onLogout: () => void;
}

/** The top bar: who is logged in, and Logout. */
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
          <p className="agent-header__greeting">{name ? `Hi, ${name}` : 'Hi'}</p>
          <p className="agent-header__app">Kirana Delivery</p>
        </div>
      </div>
      <PendingButton
        variant="ghost"
        pending={loggingOut}
        pendingLabel="Logging out…"
        onClick={onLogout}
      >
        Logout
      </PendingButton>
    </header>
  );
}
