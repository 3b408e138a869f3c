import type { SearchNameBody, SearchNameDto } from '@kirana/shared';
import { atom, type Setter } from 'jotai';
import { toast } from '../../../lib/toast';
import { addSearchName, listSearchNames, removeSearchName } from '../api/search-names';
import { errorText, isSessionLost } from '../failure-message';
import type { LoadState } from './load-state';
import { sessionLostAtom } from './seller-auth';

/** The seller's own Indian names of groceries, searched beside the shipped list. */
export const searchNamesAtom = atom<readonly SearchNameDto[]>([]);
export const searchNamesLoadStateAtom = atom<LoadState>('idle');

function failed(set: Setter, error: unknown): void {
  if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
  else toast.error(errorText(error));
}

export const loadSearchNamesAtom = atom(null, async (get, set) => {
  if (get(searchNamesLoadStateAtom) !== 'ready') set(searchNamesLoadStateAtom, 'loading');
  try {
    set(searchNamesAtom, await listSearchNames());
    set(searchNamesLoadStateAtom, 'ready');
  } catch (error) {
    if (get(searchNamesLoadStateAtom) !== 'ready') set(searchNamesLoadStateAtom, 'failed');
    failed(set, error);
  }
});

/** Adds a name; resolves true once added (toasted), false after toasting why not. */
export const addSearchNameAtom = atom(null, async (get, set, body: SearchNameBody) => {
  try {
    const added = await addSearchName(body);
    set(searchNamesAtom, [...get(searchNamesAtom), added]);
    toast.success(`Shoppers typing “${added.name}” now find ${added.means}`);
    return true;
  } catch (error) {
    failed(set, error);
    return false;
  }
});

export const removeSearchNameAtom = atom(null, async (get, set, id: string) => {
  try {
    await removeSearchName(id);
    set(
      searchNamesAtom,
      get(searchNamesAtom).filter((name) => name._id !== id),
    );
  } catch (error) {
    failed(set, error);
  }
});
