import { pushSubscriptionAnswerSchema, type UserPushSubscribeBody } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/user/push/subscribe`: the server tells this browser (its PushSubscription) of the
 * shopper's orders' changes, for as long as this login lasts. Throws `ApiError`: 400 naming a bad
 * field (an endpoint that is no known push service's), 401 once logged out.
 */
export async function subscribeOrderNotifications(body: UserPushSubscribeBody): Promise<void> {
  await api.post('/api/user/push/subscribe', pushSubscriptionAnswerSchema, { body });
}
