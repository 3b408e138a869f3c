import type { Agent } from '@kirana/shared';

/*
 * The spec keeps the agent id in local storage; the name goes with it, so that the app opened
 * without a signal can still greet the agent while it retries.
 */
const ID_KEY = 'agentId';
const NAME_KEY = 'agentName';

export type StoredAgent = Pick<Agent, '_id' | 'name'>;

/** Storage may be unavailable (private modes, disabled cookies): then nothing is kept. */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function rememberAgent(agent: StoredAgent): void {
  try {
    storage()?.setItem(ID_KEY, agent._id);
    storage()?.setItem(NAME_KEY, agent.name);
  } catch {
    // A full or locked storage only costs the offline greeting.
  }
}

export function rememberedAgent(): StoredAgent | null {
  const id = storage()?.getItem(ID_KEY);
  if (!id) return null;
  return { _id: id, name: storage()?.getItem(NAME_KEY) ?? '' };
}

export function forgetAgent(): void {
  storage()?.removeItem(ID_KEY);
  storage()?.removeItem(NAME_KEY);
}
