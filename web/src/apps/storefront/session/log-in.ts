import { SHOP_MESSAGES } from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { toast } from '../../../lib/toast';
import { reportFailure } from '../failure-message';
import { mergeCartAfterLogin } from './cart-login';
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
 * Logs in or registers, closes the dialog, and merges the browser's cart into the saved one (in
 * `store`, the page's). A refusal toasts the server's message (e.g. 'Invalid email or password').
 */
export const logInMutations = {
  logIn: (store: ReturnType<typeof createStore>) =>
    mutationOptions({
      mutationFn: ({ mode, name, email, password }: Credentials) =>
        mode === 'register'
          ? registerUser({ name, email, password })
          : loginUser({ email, password }),
      onSuccess: async (answer, _credentials, _context, { client }) => {
        store.set(userAtom, answer.user);
        store.set(loginDialogAtom, null);
        toast.success(SHOP_MESSAGES.loggedIn);
        await mergeCartAfterLogin(store, client, answer.user);
      },
      onError: reportFailure(),
    }),
};
