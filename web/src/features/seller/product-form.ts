import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  productDataFieldSchema,
  type CategoryPath,
  type ProductData,
} from '@kirana/shared';

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

/** Why `file` cannot go into an image slot, or null when it can: the server's own limits. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG, WebP or AVIF picture`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `Each image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
  }
  return null;
}

/**
 * The form checked by the server's own schema of the `productData` field (prices as typed, the
 * description one bullet per line): the product data it will take, or the first thing it would
 * refuse, in its words.
 */
function checked(values: ProductFormValues) {
  const field = JSON.stringify({
    name: values.name,
    description: values.description,
    category: values.category || undefined,
    price: values.price,
    offerPrice: values.offerPrice,
    weight: values.weight,
  });
  return productDataFieldSchema.safeParse(field);
}

/** The form's label of each field the schema names in its messages. */
const LABELS: Record<string, string> = {
  name: 'Product name',
  description: 'Product description',
  price: 'Product price',
  offerPrice: 'Offer price',
  weight: 'Weight',
};

/**
 * Why the form cannot be sent yet, by the server's rules in the form's words ('Offer price must
 * not exceed price'), or null when it can.
 */
export function productFormProblem(values: ProductFormValues): string | null {
  const result = checked(values);
  if (result.success) return null;
  const [issue] = result.error.issues;
  if (!issue) return 'Check the product';
  if (issue.path[0] === 'category') return 'Choose a category';
  return issue.message.replace(/^\w+/, (field) => LABELS[field] ?? field);
}

/**
 * The `productData` JSON of `POST /api/product/add`.
 * @throws RangeError when the form does not pass {@link productFormProblem}.
 */
export function productData(values: ProductFormValues): ProductData {
  const result = checked(values);
  if (!result.success) throw new RangeError('check the form with productFormProblem first');
  return result.data;
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
