/*
 * What counts as "the server cannot be reached" at the counter
 * (docs/counter.md#the-till-without-a-connection): the till then sells offline and the queue
 * waits, where any other failure is the server's answer and is shown as such.
 */
import { successAnswerSchema } from '@kirana/shared';
import { ApiError, type ApiClient } from '../../../../../lib/api-client';

/**
 * The gateway's answers when the server behind it is down or slow: the request never reached
 * the shop's server (503 also when it cannot serve yet).
 */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/**
 * Whether `problem` (a failed call) means the server could not be reached: the fetch threw
 * (ApiError status 0) or a gateway answered for it (502, 503, 504). Anything else, a 500
 * included, is an answer.
 */
export const isUnreachable = (problem: unknown): boolean =>
  problem instanceof ApiError && (problem.status === 0 || GATEWAY_DOWN.has(problem.status));

/**
 * Whether the server answers now (`GET /healthz`): any answer counts, only an unreached server
 * (isUnreachable) does not.
 */
export async function reachesServer(api: ApiClient): Promise<boolean> {
  try {
    await api.get('/healthz', successAnswerSchema);
    return true;
  } catch (problem) {
    return !isUnreachable(problem);
  }
}
