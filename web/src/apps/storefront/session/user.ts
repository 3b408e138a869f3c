import type { User } from '@kirana/shared';
import { atom } from 'jotai';

/** The logged-in shopper, or null. Set by the start-up check, login and logout. */
export const userAtom = atom<User | null>(null);

/** Whether the start-up `is-auth` check has answered, so screens can tell "logged out" from "not known yet". */
export const authCheckedAtom = atom(false);

export type LoginMode = 'login' | 'register';

/** The login/sign-up dialog: the mode it shows, or null while it is closed. */
export const loginDialogAtom = atom<LoginMode | null>(null);
