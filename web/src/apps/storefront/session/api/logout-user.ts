import { userLogoutAnswerSchema, type UserLogoutAnswer } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/user/logout` (the spec's GET also works, but a sign-out is a change): ends the shopper's session. Throws `ApiError`. */
export function logoutUser(): Promise<UserLogoutAnswer> {
  return api.post('/api/user/logout', userLogoutAnswerSchema);
}
