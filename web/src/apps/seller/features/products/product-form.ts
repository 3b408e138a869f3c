import {
  DEFAULT_STEPS,
  formatQuantity,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  parseWeight,
  productDataFieldSchema,
  unitFieldsProblem,
  type LooseUnit,
  type Product,
  type ProductData,
  type Unit,
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
  /** Sold by the piece, or loose by the kilo or litre (docs/catalogue.md#loose-goods-and-packs). */
  unit: Unit;
  /** Loose: what a shopper chooses from online, as typed ("250 g, 500 g, 1 kg"). */
  steps: string;
  /** Loose: the 5 digits its weighing scale's labels carry; empty for none. */
  scaleCode: string;
  /** The name its pack sizes share ("Aashirvaad Atta") and which size it is ("5 kg"): both or neither. */
  family: string;
  packLabel: string;
  /** By the piece: the loose product whose stock the pack is sold from, or null. */
  drawsFrom: DrawnProduct | null;
  /** What a pack drawing from a loose product holds of it, as typed ("1 kg", "500 g"). */
  packQuantity: string;
  /** Its HSN code (4, 6 or 8 digits) and GST rate in percent ("5"); empty: not set. */
  hsn: string;
  gstRate: string;
}

/** The loose product a pack draws from, as the form shows it and reads the pack's quantity by. */
export interface DrawnProduct {
  id: string;
  name: string;
  unit: LooseUnit;
}

/** Quantities as the seller writes them in a list: "250 g, 500 g, 1 kg". */
export const quantitiesText = (quantities: readonly number[], unit: Unit): string =>
  quantities.map((quantity) => formatQuantity(quantity, unit)).join(', ');

/** The steps a loose product is offered in, as the form starts them: 250 g, 500 g, 1 kg. */
export const defaultStepsText = (unit: LooseUnit): string => quantitiesText(DEFAULT_STEPS, unit);

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
  unit: 'piece',
  steps: '',
  scaleCode: '',
  family: '',
  packLabel: '',
  drawsFrom: null,
  packQuantity: '',
  hsn: '',
  gstRate: '',
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

/** A problem the form found, by the field its message starts with, in the server's words. */
interface Issue {
  field: PropertyKey | undefined;
  message: string;
}

/** What `text` is as a weight (volume) of a product sold by `unit`, or the issue at `field`. */
function quantityOf(field: string, text: string, unit: LooseUnit): number | Issue {
  const reading = parseWeight(text, unit);
  return reading.ok ? reading.quantity : { field, message: `${field}: ${reading.message}` };
}

/**
 * The steps as typed, comma-separated ("250 g, 500 g, 1 kg"; a bare number is kilos, as at the
 * counter), in grams (ml); empty is none, which the server makes 250 g, 500 g and 1 kg.
 */
export function readSteps(text: string, unit: LooseUnit): number[] | Issue {
  const steps: number[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const step = quantityOf('steps', part, unit);
    if (typeof step !== 'number') return step;
    steps.push(step);
  }
  return steps;
}

/**
 * The unit fields as `productData` sends them: each unit's own (steps and a scale code loose, a
 * loose product to draw from by the piece), the others none; or what cannot be read.
 */
function unitData(values: ProductFormValues) {
  const issues: Issue[] = [];
  const loose = values.unit === 'piece' ? null : values.unit;
  let steps: number[] | null = null;
  if (loose) {
    const read = readSteps(values.steps, loose);
    if (Array.isArray(read)) steps = read;
    else issues.push(read);
  }
  const drawn = loose ? null : values.drawsFrom;
  let packQuantity: number | null = null;
  if (!loose && values.packQuantity.trim() !== '') {
    if (!drawn) {
      issues.push({
        field: 'drawsFrom',
        message: 'drawsFrom: choose the loose product the pack is sold from',
      });
    } else {
      const read = quantityOf('packQuantity', values.packQuantity, drawn.unit);
      if (typeof read === 'number') packQuantity = read;
      else issues.push(read);
    }
  }
  return {
    fields: {
      unit: values.unit,
      steps,
      scaleCode: loose ? values.scaleCode : null,
      family: values.family,
      packLabel: values.packLabel,
      drawsFrom: drawn?.id ?? null,
      packQuantity,
    },
    issues,
  };
}

/**
 * The form checked by the server's own schema of the `productData` field (prices as typed, the
 * description one bullet per line) and its rules of units and packs: the product data it will
 * take, or what it would refuse, in its words, the first first.
 */
function checked(values: ProductFormValues): { data: ProductData | null; issues: Issue[] } {
  const units = unitData(values);
  const field = JSON.stringify({
    name: values.name,
    description: values.description,
    category: values.category || undefined,
    price: values.price,
    offerPrice: values.offerPrice,
    weight: values.weight,
    sku: values.sku,
    barcode: values.barcode,
    hsn: values.hsn,
    gstRate: values.gstRate,
    ...units.fields,
  });
  const result = productDataFieldSchema.safeParse(field);
  const issues: Issue[] = [
    ...(result.error?.issues ?? []).map(({ path, message }) => ({ field: path[0], message })),
    ...units.issues,
  ];
  if (result.success && issues.length === 0) {
    const problem = unitFieldsProblem({ ...result.data, unit: result.data.unit ?? 'piece' });
    if (problem) issues.push(problem);
  }
  return { data: result.success && issues.length === 0 ? result.data : null, issues };
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
  unit: 'Sold by',
  steps: 'Steps offered online',
  scaleCode: 'Scale code',
  family: 'Family',
  packLabel: 'Pack label',
  drawsFrom: 'Sold from',
  packQuantity: 'A pack holds',
  hsn: 'HSN code',
  gstRate: 'GST rate',
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
  for (const issue of checked(values).issues) {
    const field = FIELDS.get(issue.field);
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
  const [issue] = checked(values).issues;
  if (!issue) return null;
  if (issue.field === 'category') return 'Choose a category';
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
  const { data } = checked(values);
  if (!data) throw new RangeError('check the form with productFormProblem first');
  return data;
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
 * slots; for editing it. A pack drawing from a loose product needs that product, `drawn`, to be
 * read (its name, and its unit, in which the pack's quantity is written).
 */
export function productFormValues(product: Product, drawn?: Product): ProductFormValues {
  const from =
    product.drawsFrom && drawn?._id === product.drawsFrom && drawn.unit !== 'piece'
      ? { id: drawn._id, name: drawn.name, unit: drawn.unit }
      : null;
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
    unit: product.unit,
    steps: product.unit === 'piece' ? '' : quantitiesText(product.steps ?? [], product.unit),
    scaleCode: product.scaleCode ?? '',
    family: product.family ?? '',
    packLabel: product.packLabel ?? '',
    drawsFrom: from,
    packQuantity:
      from && product.packQuantity !== null ? formatQuantity(product.packQuantity, from.unit) : '',
    hsn: product.hsn ?? '',
    gstRate: product.gstRate === null ? '' : String(product.gstRate),
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
