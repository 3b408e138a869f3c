import type { CategoryDto } from '@kirana/shared';
import { absoluteUrl } from '../upload/image-url.js';
import type { Category } from './category.entity.js';

/** A category as answered: the spec's `text`, `path`, `image` (absolute, as products'), `bgColor`. */
export function presentCategory(category: Category, publicUrl: string | undefined): CategoryDto {
  return {
    _id: category.id,
    text: category.label,
    path: category.path,
    image: absoluteUrl(category.image, publicUrl),
    bgColor: category.bgColor,
    position: category.position,
    hidden: category.hidden,
  };
}
