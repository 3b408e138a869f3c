import type { CategoryDto, SearchNameBody, SearchNameDto } from '@kirana/shared';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { categoryQueries } from '../../../../common/catalogue/queries';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { saveCategory } from './api/save-category';
import { addSearchName, removeSearchName } from './api/search-names';
import { searchNameQueries } from './queries';

const byPosition = (categories: readonly CategoryDto[]) =>
  [...categories].sort((a, b) => a.position - b.position);

/** What the category form sends: `id` to change one, none to add one. */
export interface CategoryChange {
  id?: string;
  text?: string;
  path?: string;
  bgColor?: string;
  position?: number;
  hidden?: boolean;
  image?: File | null;
}

/** The seller's names as listed, changed by `change` if loaded. */
const changeNames = (client: QueryClient, change: (names: SearchNameDto[]) => SearchNameDto[]) =>
  client.setQueryData(searchNameQueries.searchNames().queryKey, (held) => held && change(held));

export const categoryMutations = {
  /** Adds or changes a category; the server's words are toasted, or why it refused. */
  save: () =>
    mutationOptions({
      mutationFn: ({ image, ...fields }: CategoryChange) => {
        const form = new FormData();
        form.append('categoryData', JSON.stringify(fields));
        if (image) form.append('image', image, image.name);
        return saveCategory(form, fields.id === undefined);
      },
      onSuccess: ({ category, message }, _change, _context, { client }) => {
        client.setQueryData(
          categoryQueries.all().queryKey,
          (held) => held && byPosition([...held.filter((c) => c._id !== category._id), category]),
        );
        // The storefront's view of them (hidden ones left out) follows.
        void client.invalidateQueries({ queryKey: categoryQueries.shown().queryKey });
        toast.success(message);
      },
      onError: reportFailure(),
    }),
  /** Adds a name shoppers type; toasted once added, or why not. */
  addSearchName: () =>
    mutationOptions({
      mutationFn: (body: SearchNameBody) => addSearchName(body),
      onSuccess: (added, _body, _context, { client }) => {
        changeNames(client, (names) => [...names, added]);
        toast.success(`Shoppers typing “${added.name}” now find ${added.means}`);
      },
      onError: reportFailure(),
    }),
  removeSearchName: () =>
    mutationOptions({
      mutationFn: (id: string) => removeSearchName(id),
      onSuccess: (_answer, id, _context, { client }) => {
        changeNames(client, (names) => names.filter((name) => name._id !== id));
      },
      onError: reportFailure(),
    }),
};
