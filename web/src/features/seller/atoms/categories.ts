import type { CategoryDto } from '@kirana/shared';
import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { api } from '../../../lib/api-client';
import { getCategories } from '../../categories/api/get-categories';
import { saveCategory } from '../api/save-category';
import { errorText, isSessionLost } from '../failure-message';
import type { LoadState } from './load-state';
import { sessionLostAtom } from './seller-auth';

/** The shop's categories in the seller's order, hidden ones too (Categories, the product form). */
export const sellerCategoriesAtom = atom<readonly CategoryDto[]>([]);
export const categoriesLoadStateAtom = atom<LoadState>('idle');

const byPosition = (categories: readonly CategoryDto[]) =>
  [...categories].sort((a, b) => a.position - b.position);

/** Loads the categories (again); a failure toasts and, with nothing shown yet, fails the screen. */
export const loadCategoriesAtom = atom(null, async (get, set) => {
  if (get(categoriesLoadStateAtom) !== 'ready') set(categoriesLoadStateAtom, 'loading');
  try {
    set(sellerCategoriesAtom, await getCategories(api));
    set(categoriesLoadStateAtom, 'ready');
  } catch (error) {
    if (get(categoriesLoadStateAtom) !== 'ready') set(categoriesLoadStateAtom, 'failed');
    if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
    else toast.error(errorText(error));
  }
});

/** Live `categories:updated`, or a catch-up: loaded again if they have been loaded. */
export const reloadLoadedCategoriesAtom = atom(null, async (get, set) => {
  if (get(categoriesLoadStateAtom) === 'ready') await set(loadCategoriesAtom);
});

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
  async (get, set, { image, ...fields }: CategoryChange): Promise<CategoryDto | null> => {
    const form = new FormData();
    form.append('categoryData', JSON.stringify(fields));
    if (image) form.append('image', image, image.name);
    try {
      const { category, message } = await saveCategory(form, fields.id === undefined);
      const others = get(sellerCategoriesAtom).filter((held) => held._id !== category._id);
      set(sellerCategoriesAtom, byPosition([...others, category]));
      toast.success(message);
      return category;
    } catch (error) {
      if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
      else toast.error(errorText(error));
      return null;
    }
  },
);
