import { atom } from 'jotai';
import { queryClient } from '../../../../lib/query-client';
import { refreshTill } from './queries';

/** Live `till:updated`: a sale, a return, the day opened or closed, or a handover at the counter. */
export const tillChangedAtom = atom(null, () => refreshTill(queryClient));
