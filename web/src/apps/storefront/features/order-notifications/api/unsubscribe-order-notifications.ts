import { pushSubscriptionAnswerSchema } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/user/push/unsubscribe`: the server forgets this browser's subscription at
 * `endpoint`. Throws `ApiError`: 401 once logged out.
 */
export async function unsubscribeOrderNotifications(endpoint: string): Promise<void> {
  await api.post('/api/user/push/unsubscribe', pushSubscriptionAnswerSchema, {
    body: { endpoint },
  });
}
