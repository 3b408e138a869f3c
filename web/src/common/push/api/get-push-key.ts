import { pushKeyAnswerSchema } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/agents/push/key`: the server's VAPID public key (base64url), which a browser
 * subscribes with: an agent's phone or a signed-in shopper's browser. Throws `ApiError`: 401 when
 * the session has ended.
 */
export async function getPushKey(): Promise<string> {
  return (await api.get('/api/agents/push/key', pushKeyAnswerSchema)).publicKey;
}
