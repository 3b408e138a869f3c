import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from './errors.js';

/**
 * Flushes `em`, where a unique index decides between this request and one racing it: the one
 * that comes second is refused with `message`.
 * @throws AppError CONFLICT when a unique index refuses the write.
 */
export async function flushUnlessTaken(em: EntityManager, message: string): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new AppError('CONFLICT', message);
    throw error;
  }
}
