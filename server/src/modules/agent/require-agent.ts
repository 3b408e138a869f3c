import type { ParameterizedContext } from 'koa';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { getAgent } from './agent.service.js';

/**
 * The signed-in agent's id, checking they have not been removed since.
 * @throws AppError UNAUTHENTICATED without an agent's session, or for a removed agent.
 */
export async function requireAgent(
  ctx: ParameterizedContext<AppState, AppContext>,
): Promise<string> {
  return (await getAgent(ctx.em, await requireSession(ctx, 'agent'))).id;
}
