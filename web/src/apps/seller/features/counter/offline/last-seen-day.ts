import type { CounterDay } from '@kirana/shared';
import { counterDb } from './counter-db';
import { isUnreachable } from '../../../../../lib/api-client';

/**
 * The till's open day as the server answers it, kept on this counter; when the server cannot be
 * reached, the day last kept, so that a reload without it still sells
 * (docs/counter.md#the-till-without-a-connection). Never kept: the call's failure is thrown.
 */
export async function dayLastSeen(asked: Promise<CounterDay | null>): Promise<CounterDay | null> {
  try {
    const day = await asked;
    // Keeping it is a nicety: a browser without IndexedDB still sells online.
    void counterDb()
      .then((db) => db.put('meta', { key: 'till', day, at: new Date().toISOString() }))
      .catch(() => undefined);
    return day;
  } catch (problem) {
    if (!isUnreachable(problem)) throw problem;
    const kept = await counterDb()
      .then((db) => db.get('meta', 'till'))
      .catch(() => undefined);
    if (kept?.key !== 'till') throw problem;
    return kept.day;
  }
}
