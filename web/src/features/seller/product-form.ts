import { MAX_PRODUCT_IMAGES, type CategoryPath, type ProductDataInput } from '@kirana/shared';

/** What the Add Product form holds: the text of each field, and one picture (or none) per slot. */
export interface ProductFormValues {
  name: string;
  /** One bullet per line. */
  description: string;
  /** Empty until the seller picks one. */
  category: CategoryPath | '';
  price: string;
  offerPrice: string;
  weight: string;
  /** {@link MAX_PRODUCT_IMAGES} slots, each a chosen picture or null. */
  images: ReadonlyArray<File | null>;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  category: '',
  price: '',
  offerPrice: '',
  weight: '',
  images: Array.from({ length: MAX_PRODUCT_IMAGES }, () => null),
};

/** The picture formats the server accepts; it checks the bytes, this only guides the chooser. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** The server's cap on each picture. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why `file` cannot go into an image slot, or null when it can. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG, WebP or AVIF picture`;
  }
  if (file.size > MAX_IMAGE_BYTES) return 'Each image must be at most 5 MB';
  return null;
}

/** A price as typed, in rupees: a positive number with at most two decimals, else null. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const rupees = Number(trimmed);
  return rupees > 0 ? rupees : null;
}

/** The description as bullets: one per non-empty line, trimmed. */
export function descriptionLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Why the form cannot be sent yet, in the seller's words, or null when it can. */
export function productFormProblem(values: ProductFormValues): string | null {
  if (values.name.trim() === '') return 'Enter the product name';
  if (values.category === '') return 'Choose a category';
  const price = parsePrice(values.price);
  if (price === null) return 'Enter the product price in rupees, e.g. 120 or 99.50';
  const offerPrice = parsePrice(values.offerPrice);
  if (offerPrice === null) return 'Enter the offer price in rupees, e.g. 110 or 89.50';
  if (offerPrice > price) return 'The offer price must not be more than the product price';
  return null;
}

/**
 * The `productData` JSON of `POST /api/product/add`.
 * @throws RangeError when the category is not chosen or a price does not parse; check
 * {@link productFormProblem} first.
 */
export function productData(values: ProductFormValues): ProductDataInput {
  const price = parsePrice(values.price);
  const offerPrice = parsePrice(values.offerPrice);
  const { category } = values;
  if (price === null || offerPrice === null || category === '') {
    throw new RangeError('check the form with productFormProblem first');
  }
  const weight = values.weight.trim();
  return {
    name: values.name.trim(),
    description: descriptionLines(values.description),
    category,
    price,
    offerPrice,
    ...(weight ? { weight } : {}),
  };
}

/**
 * The multipart body of `POST /api/product/add`: `productData` as JSON text, then each chosen
 * picture as an `images` file, in slot order.
 * @throws RangeError as {@link productData} does.
 */
export function productFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('productData', JSON.stringify(productData(values)));
  for (const file of values.images) {
    if (file) form.append('images', file, file.name);
  }
  return form;
}
