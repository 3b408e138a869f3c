import type { SearchNameBody, SearchNameDto } from '@kirana/shared';
import { atom, type Setter } from 'jotai';
import { queryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { addSearchName, removeSearchName } from '../api/search-names';
import { errorText, isSessionLost } from '../../../failure-message';
import { searchNameQueries } from '../queries';
import { sessionLostAtom } from '../../../session/seller-auth';

function failed(set: Setter, error: unknown): void {
  if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
  else toast.error(errorText(error));
}

/** The seller's names as listed, changed by `change` if loaded. */
const changeNames = (change: (names: SearchNameDto[]) => SearchNameDto[]) =>
  queryClient.setQueryData(
    searchNameQueries.searchNames().queryKey,
    (held) => held && change(held),
  );

/** Adds a name; resolves true once added (toasted), false after toasting why not. */
export const addSearchNameAtom = atom(null, async (_get, set, body: SearchNameBody) => {
  try {
    const added = await addSearchName(body);
    changeNames((names) => [...names, added]);
    toast.success(`Shoppers typing “${added.name}” now find ${added.means}`);
    return true;
  } catch (error) {
    failed(set, error);
    return false;
  }
});

export const removeSearchNameAtom = atom(null, async (_get, set, id: string) => {
  try {
    await removeSearchName(id);
    changeNames((names) => names.filter((name) => name._id !== id));
  } catch (error) {
    failed(set, error);
  }
});
