import { SHOP_MESSAGES } from '@kirana/shared';
import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { mergeCartAfterLoginAtom } from './cart';
import { loginUser } from './api/login-user';
import { registerUser } from './api/register-user';
import { loginDialogAtom, userAtom, type LoginMode } from './user';

export interface Credentials {
  mode: LoginMode;
  /** Sent only when registering. */
  name: string;
  email: string;
  password: string;
}

/**
 * Logs in or registers, closes the dialog, and merges the browser's cart into the saved one.
 * Throws `ApiError` with the server's message (e.g. 'Invalid email or password').
 */
export const logInAtom = atom(
  null,
  async (_get, set, { mode, name, email, password }: Credentials) => {
    const answer =
      mode === 'register'
        ? await registerUser({ name, email, password })
        : await loginUser({ email, password });
    set(userAtom, answer.user);
    set(loginDialogAtom, null);
    toast.success(SHOP_MESSAGES.loggedIn);
    await set(mergeCartAfterLoginAtom, answer.user);
  },
);
