/*
 * What counts as "the server cannot be reached" at the counter
 * (docs/counter.md#the-till-without-a-connection): the till then sells offline and the queue
 * waits, where any other failure is the server's answer and is shown as such.
 */
import { successAnswerSchema } from '@kirana/shared';
import { isUnreachable, type ApiClient } from '../../../../../lib/api-client';

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
