import { pushSubscriptionAnswerSchema, type PushSubscribeBody } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/push/subscribe`: the server alerts this phone (its PushSubscription) to new
 * orders, in `locale`. Throws `ApiError`: 400 naming a bad field (an endpoint that is no known
 * push service's), 401 'Please login as agent'.
 */
export async function subscribePush(body: PushSubscribeBody): Promise<void> {
  await api.post('/api/agents/push/subscribe', pushSubscriptionAnswerSchema, { body });
}
