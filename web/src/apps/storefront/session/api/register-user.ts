import { userLoginAnswerSchema, type RegisterBody, type UserLoginAnswer } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/user/register`: creates the shopper and logs them in. Throws `ApiError`. */
export function registerUser(body: RegisterBody): Promise<UserLoginAnswer> {
  return api.post('/api/user/register', userLoginAnswerSchema, { body });
}
