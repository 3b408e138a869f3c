import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../../../lib/toast';
import { categoryQueries } from '../../../../../common/catalogue/queries';
import { EMPTY_PRODUCT_FORM, imageProblem, type ProductFormValues } from '../product-form';
import { ImageSlot } from './image-slot';
import { Button } from '../../../../../common/ui/button';
import '../../../ui/seller-form.css';
import './product-form.css';

interface ProductFormProps {
  /** What the form starts from (default: empty, for a new product). */
  initial?: ProductFormValues;
  /** The submit button's words, and what it says while saving. */
  submitLabel?: string;
  busyLabel?: string;
  /** Resolves true once saved; a form for a new product then starts afresh. */
  onSave: (values: ProductFormValues) => Promise<boolean>;
}

/**
 * The product form, to add a product or edit one: four picture slots, name, description,
 * category (the shop's, hidden ones marked), prices, weight, SKU and barcode.
 */
export function ProductForm({
  initial = EMPTY_PRODUCT_FORM,
  submitLabel = 'Add product',
  busyLabel = 'Adding…',
  onSave,
}: ProductFormProps) {
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [busy, setBusy] = useState(false);
  const categories = useQuery(categoryQueries.all()).data ?? [];

  const update = (change: Partial<ProductFormValues>) =>
    setValues((current) => ({ ...current, ...change }));

  function setImage(slot: number, file: File | string | null) {
    setValues((current) => ({
      ...current,
      images: current.images.map((held, index) => (index === slot ? file : held)),
    }));
  }

  function chooseImage(slot: number, file: File) {
    const problem = imageProblem(file);
    if (problem) toast.error(problem);
    else setImage(slot, file);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      if ((await onSave(values)) && initial === EMPTY_PRODUCT_FORM) setValues(EMPTY_PRODUCT_FORM);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="seller-form seller-form--wide" onSubmit={handleSubmit} aria-busy={busy}>
      <fieldset className="seller-fieldset" aria-describedby="product-images-hint">
        <legend>Product images</legend>
        <p className="seller-hint" id="product-images-hint">
          Up to 4 pictures: JPEG, PNG, WebP or AVIF, at most 5 MB each. The first is the main one.
        </p>
        <div className="seller-image-slots">
          {values.images.map((file, index) => (
            <ImageSlot
              key={index}
              number={index + 1}
              file={file}
              onChoose={(chosen) => chooseImage(index, chosen)}
              onClear={() => setImage(index, null)}
            />
          ))}
        </div>
      </fieldset>

      <div className="seller-field">
        <label htmlFor="product-name">Product name</label>
        <input
          id="product-name"
          value={values.name}
          onChange={(event) => update({ name: event.target.value })}
          maxLength={200}
          required
        />
      </div>

      <div className="seller-field">
        <label htmlFor="product-description">Product description</label>
        <textarea
          id="product-description"
          rows={4}
          value={values.description}
          onChange={(event) => update({ description: event.target.value })}
          aria-describedby="product-description-hint"
        />
        <p className="seller-hint" id="product-description-hint">
          One bullet point per line.
        </p>
      </div>

      <div className="seller-field">
        <label htmlFor="product-category">Category</label>
        <select
          id="product-category"
          value={values.category}
          onChange={(event) => update({ category: event.target.value })}
          required
        >
          <option value="" disabled>
            Select a category
          </option>
          {categories.map((category) => (
            <option key={category.path} value={category.path}>
              {category.hidden ? `${category.text} (hidden)` : category.text}
            </option>
          ))}
          {/* Its own category shows before the list has loaded, so the choice is kept. */}
          {values.category && !categories.some((category) => category.path === values.category) && (
            <option value={values.category}>{values.category}</option>
          )}
        </select>
      </div>

      <div className="seller-field-row">
        <div className="seller-field">
          <label htmlFor="product-price">Product price (₹)</label>
          <input
            id="product-price"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            value={values.price}
            onChange={(event) => update({ price: event.target.value })}
            required
          />
        </div>
        <div className="seller-field">
          <label htmlFor="product-offer-price">Offer price (₹)</label>
          <input
            id="product-offer-price"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            value={values.offerPrice}
            onChange={(event) => update({ offerPrice: event.target.value })}
            required
          />
        </div>
        <div className="seller-field">
          <label htmlFor="product-weight">
            Weight <span className="seller-optional">(optional)</span>
          </label>
          <input
            id="product-weight"
            placeholder="e.g. 500 g"
            maxLength={50}
            value={values.weight}
            onChange={(event) => update({ weight: event.target.value })}
          />
        </div>
      </div>

      <div className="seller-field-row">
        <div className="seller-field">
          <label htmlFor="product-sku">
            SKU <span className="seller-optional">(optional)</span>
          </label>
          <input
            id="product-sku"
            placeholder="e.g. ATTA-5KG"
            maxLength={64}
            autoComplete="off"
            value={values.sku}
            onChange={(event) => update({ sku: event.target.value })}
          />
        </div>
        <div className="seller-field">
          <label htmlFor="product-barcode">
            Barcode <span className="seller-optional">(optional)</span>
          </label>
          <input
            id="product-barcode"
            inputMode="numeric"
            placeholder="e.g. 8901030865279"
            maxLength={32}
            autoComplete="off"
            value={values.barcode}
            onChange={(event) => update({ barcode: event.target.value })}
          />
        </div>
      </div>

      <div>
        <Button type="submit" look="seller" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
