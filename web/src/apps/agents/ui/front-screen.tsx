import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';
import './front-screen.css';

/**
 * A screen before the orders show: the login, pairing, an orders screen that could not load. One
 * with a `title` (the browser tab's) shows the language switch and the app's logo above
 * `children`.
 */
export function FrontScreen({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <main className="agent-login" id="agent-main">
      {title !== undefined && (
        <>
          <title>{title}</title>
          <LanguageSwitch />
          <img
            className="agent-login__logo"
            src="/agent-app/icon-192.png"
            alt=""
            width="88"
            height="88"
          />
        </>
      )}
      {children}
    </main>
  );
}
