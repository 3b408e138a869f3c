import { userAuthAnswerSchema, type User } from '@kirana/shared';
import { ApiError, api } from '../../../../lib/api-client';

/**
 * `GET /api/user/is-auth`: the logged-in shopper, or null when nobody is logged in (401).
 * Throws `ApiError` for anything else.
 */
export async function getUserAuth(signal?: AbortSignal): Promise<User | null> {
  try {
    return (await api.get('/api/user/is-auth', userAuthAnswerSchema, { signal })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
