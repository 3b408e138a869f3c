import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '../../../../../common/ui/icons';
import { Button } from '../../../../../common/ui/button';
import './profile-menu.css';

interface ProfileMenuProps {
  userName: string;
  onLogout: () => void;
}

/**
 * The logged-in shopper's menu as a disclosure: a button that shows or hides My Orders and
 * Logout. Escape and a click elsewhere close it.
 */
export function ProfileMenu({ userName, onLogout }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      className="profile-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <Button
        ref={buttonRef}
        type="button"
        variant="icon"
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account: ${userName}`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <UserIcon />
      </Button>
      <div id={panelId} className="profile-menu__panel" hidden={!open}>
        <p className="profile-menu__name">Hi, {userName}</p>
        <ul role="list">
          <li>
            <Link to="/my-orders" className="profile-menu__item" onClick={() => setOpen(false)}>
              My Orders
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="profile-menu__item"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
