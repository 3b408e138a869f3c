/**
 * How agents sign in (AGENT_LOGIN): `paired`, on a phone the shop paired with an invite; `phone`,
 * the spec's login, by phone number alone.
 */
export type AgentLogin = 'paired' | 'phone';
