/** The kinds of account that sign in, each with its own session cookie. */
export const SESSION_KINDS = ['user', 'seller', 'agent'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
