import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  productDataFieldSchema,
  type Product,
  type ProductData,
} from '@kirana/shared';
import { ApiError } from '../../../../lib/api-client';

/**
 * What the product form holds: the text of each field, and per slot a newly chosen picture, the
 * URL of one the product already has (when editing), or nothing.
 */
export interface ProductFormValues {
  name: string;
  /** One bullet per line. */
  description: string;
  /** A category's path; empty until the seller picks one. */
  category: string;
  price: string;
  offerPrice: string;
  weight: string;
  /** The shop's own code; empty for none. */
  sku: string;
  /** The pack's EAN/UPC or the shop's own code; empty for none. */
  barcode: string;
  /** {@link MAX_PRODUCT_IMAGES} slots, each a chosen picture, a kept picture's URL, or null. */
  images: ReadonlyArray<File | string | null>;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  category: '',
  price: '',
  offerPrice: '',
  weight: '',
  sku: '',
  barcode: '',
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
    sku: values.sku,
    barcode: values.barcode,
  });
  return productDataFieldSchema.safeParse(field);
}

/** What is wrong with the form, by field (the pictures' under `images`). */
export type ProductFormProblems = Partial<Record<keyof ProductFormValues, string>>;

/** The form's label of each field the schema and the server name in their messages. */
const LABELS: Record<string, string> = {
  name: 'Product name',
  description: 'Product description',
  category: 'Category',
  price: 'Product price',
  offerPrice: 'Offer price',
  weight: 'Weight',
  sku: 'SKU',
  barcode: 'Barcode',
};

/** The form's field each word a message starts with names (the server says 'SKU', 'image'). */
const FIELDS = new Map<unknown, keyof ProductFormValues>([
  ...(Object.keys(LABELS) as (keyof ProductFormValues)[]).map((field) => [field, field] as const),
  ['SKU', 'sku'],
  ['image', 'images'],
  ['images', 'images'],
]);

/** A message of the server's rules, its first word (the field) in the form's words. */
const inFormWords = (message: string) => message.replace(/^\w+/, (field) => LABELS[field] ?? field);

/**
 * A message of the server's rules as said under its field, whose label names it already: 'Must
 * not exceed price', 'Required', '8901030865279 is already used by another product'.
 */
function underItsField(message: string): string {
  const rest = message.replace(/^\w+:?\s*/, '');
  const said = rest === 'is required' ? 'required' : rest;
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/**
 * What is wrong with the form before it is sent, by field, by the server's rules, as said under
 * each field; empty when it can be sent.
 */
export function productFormProblems(values: ProductFormValues): ProductFormProblems {
  const problems: ProductFormProblems = {};
  for (const issue of checked(values).error?.issues ?? []) {
    const field = FIELDS.get(issue.path[0]);
    if (field === 'category') problems.category ??= 'Choose a category';
    else if (field) problems[field] ??= underItsField(issue.message);
  }
  return problems;
}

/**
 * Why the form cannot be sent yet, its first problem by the server's rules in the form's words
 * ('Offer price must not exceed price'), or null when it can.
 */
export function productFormProblem(values: ProductFormValues): string | null {
  const result = checked(values);
  if (result.success) return null;
  const [issue] = result.error.issues;
  if (!issue) return 'Check the product';
  if (issue.path[0] === 'category') return 'Choose a category';
  return inFormWords(issue.message);
}

/**
 * What the server's refusal `problem` says is wrong, under the field its message starts with
 * ('barcode 8901030865279 is already used by another product'); empty when it names none.
 */
export function refusalProblems(problem: unknown): ProductFormProblems {
  if (!(problem instanceof ApiError) || problem.status === 0 || problem.status >= 500) return {};
  const field = FIELDS.get(/^\w+/.exec(problem.message)?.[0]);
  return field ? { [field]: underItsField(problem.message) } : {};
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

/** The form's newly chosen pictures, in slot order. */
const chosenFiles = (values: ProductFormValues) =>
  values.images.filter((image): image is File => image instanceof File);

/**
 * The multipart body of `POST /api/product/add`: `productData` as JSON text, then each chosen
 * picture as an `images` file, in slot order.
 * @throws RangeError as {@link productData} does.
 */
export function productFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('productData', JSON.stringify(productData(values)));
  for (const file of chosenFiles(values)) form.append('images', file, file.name);
  return form;
}

/**
 * The form of product `product` as it stands: its fields as text, its pictures in the first
 * slots; for editing it.
 */
export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description.join('\n'),
    category: product.category,
    price: String(product.price),
    offerPrice: String(product.offerPrice),
    weight: product.weight ?? '',
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    images: Array.from({ length: MAX_PRODUCT_IMAGES }, (_, slot) => product.image[slot] ?? null),
  };
}

/**
 * The multipart body of `POST /api/product/update` for product `id`, edited from `initial`:
 * only the fields that changed (so a save never undoes what changed meanwhile elsewhere) and,
 * when the slots changed, `image`, the pictures in slot order (a kept one by its URL, a new one
 * by its index among the `images` files that follow).
 * @throws RangeError as {@link productData} does.
 */
export function productUpdateFormData(
  id: string,
  values: ProductFormValues,
  initial: ProductFormValues,
): FormData {
  const before: Record<string, unknown> = productData(initial);
  const changed = Object.fromEntries(
    Object.entries(productData(values)).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field]),
    ),
  );
  const pictures = values.images.filter((image) => image !== null);
  const moved =
    JSON.stringify(pictures) !== JSON.stringify(initial.images.filter((image) => image !== null));
  let index = 0;
  const image = pictures.map((picture) => (typeof picture === 'string' ? picture : index++));
  const form = new FormData();
  form.append('productData', JSON.stringify({ id, ...changed, ...(moved && { image }) }));
  for (const file of chosenFiles(values)) form.append('images', file, file.name);
  return form;
}
