import type { CategoryDto } from '@kirana/shared';
import { atom } from 'jotai';
import { queryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { categoryQueries } from '../../../../../common/catalogue/queries';
import { saveCategory } from '../api/save-category';
import { errorText, isSessionLost } from '../../../failure-message';
import { sessionLostAtom } from '../../../session/seller-auth';

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

/**
 * Adds or changes a category; resolves the saved category (toasting the server's words) or null
 * after toasting why not.
 */
export const saveCategoryAtom = atom(
  null,
  async (_get, set, { image, ...fields }: CategoryChange): Promise<CategoryDto | null> => {
    const form = new FormData();
    form.append('categoryData', JSON.stringify(fields));
    if (image) form.append('image', image, image.name);
    try {
      const { category, message } = await saveCategory(form, fields.id === undefined);
      queryClient.setQueryData(
        categoryQueries.all().queryKey,
        (held) => held && byPosition([...held.filter((c) => c._id !== category._id), category]),
      );
      // The storefront's view of them (hidden ones left out) follows.
      void queryClient.invalidateQueries({ queryKey: categoryQueries.shown().queryKey });
      toast.success(message);
      return category;
    } catch (error) {
      if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
      else toast.error(errorText(error));
      return null;
    }
  },
);
