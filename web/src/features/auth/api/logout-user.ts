import { userLogoutAnswerSchema, type UserLogoutAnswer } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/user/logout`: ends the shopper's session. Throws `ApiError`. */
export function logoutUser(): Promise<UserLogoutAnswer> {
  return api.get('/api/user/logout', userLogoutAnswerSchema);
}
