import type { User as UserDto } from '@kirana/shared';
import type { User } from './user.entity.js';

export function presentUser(user: User): UserDto {
  return { _id: user.id, name: user.name, email: user.email, cartItems: user.cartItems };
}
