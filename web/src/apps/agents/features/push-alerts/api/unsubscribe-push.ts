import { pushSubscriptionAnswerSchema } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/push/unsubscribe`: the server forgets this phone's subscription at
 * `endpoint`. Throws `ApiError`: 401 'Please login as agent'.
 */
export async function unsubscribePush(endpoint: string): Promise<void> {
  await api.post('/api/agents/push/unsubscribe', pushSubscriptionAnswerSchema, {
    body: { endpoint },
  });
}
