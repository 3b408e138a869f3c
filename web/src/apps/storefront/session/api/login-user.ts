import { userLoginAnswerSchema, type LoginBody, type UserLoginAnswer } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/user/login`: starts the shopper's cookie session. Throws `ApiError`. */
export function loginUser(body: LoginBody): Promise<UserLoginAnswer> {
  return api.post('/api/user/login', userLoginAnswerSchema, { body });
}
