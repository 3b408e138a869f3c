import { queryOptions } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { errorText } from '../../failure-message';
import { reported } from '../../reported';
import { listSearchNames } from './api/search-names';

export const searchNameQueries = {
  /** The seller's own Indian names of groceries; a failure toasts. */
  searchNames: () =>
    queryOptions({
      queryKey: ['seller', 'search-names'],
      queryFn: ({ signal }) =>
        reported(listSearchNames(signal), signal, (error) => toast.error(errorText(error))),
    }),
};
