import { GST_RATES } from '@kirana/shared';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent, FormEvent } from 'react';
import { categoryQueries } from '../../../../../common/catalogue/queries';
import { Button } from '../../../../../common/ui/button';
import { Field, FieldHint, FieldProblem } from '../../../../../common/ui/field';
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from '../product-form';
import type { ProductTextField } from '../product-form-reducer';
import { useProductForm, type SaveProduct } from '../use-product-form';
import { ImageSlot } from './image-slot';
import { UnitFields } from './unit-fields';
import '../../../ui/seller-form.css';
import './product-form.css';

interface ProductFormProps {
  /** What the form starts from (default: empty, for a new product). */
  initial?: ProductFormValues;
  /** The submit button's words, and what it says while saving. */
  submitLabel?: string;
  busyLabel?: string;
  /** Saves the form; once it has, a form for a new product starts afresh. */
  save: SaveProduct;
  /** Whether the save is on its way (its mutation's `isPending`). */
  saving: boolean;
}

/** A price's box: rupees and paise, more than 0. */
const MONEY = {
  type: 'number',
  inputMode: 'decimal',
  min: '0.01',
  step: '0.01',
  placeholder: '0.00',
  required: true,
} as const;

/**
 * The product form, to add a product or edit one: four picture slots, name, description,
 * category (the shop's, hidden ones marked), how it is sold (by the piece, kilo or litre, and its
 * pack fields), prices (per kilo or litre when loose), weight, SKU and barcode, HSN code and GST
 * rate; what the server's rules refuse is said under its field.
 */
export function ProductForm({
  initial = EMPTY_PRODUCT_FORM,
  submitLabel = 'Add product',
  busyLabel = 'Adding…',
  save,
  saving,
}: ProductFormProps) {
  const form = useProductForm(initial, save);
  const { values, problems } = form;
  const categories = useQuery(categoryQueries.all()).data ?? [];

  /** The value of `field` and its edits. */
  const per = values.unit === 'piece' ? '' : ` per ${values.unit}`;
  const typed = (field: ProductTextField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      form.edit(field, event.target.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form className="seller-form seller-form--wide" onSubmit={submit} aria-busy={saving}>
      <fieldset
        className="seller-fieldset"
        aria-describedby={
          problems.images ? 'product-images-hint product-images-problem' : 'product-images-hint'
        }
      >
        <legend>Product images</legend>
        <FieldHint id="product-images-hint">
          Up to 4 pictures: JPEG, PNG, WebP or AVIF, at most 5 MB each. The first is the main one.
        </FieldHint>
        <div className="seller-image-slots">
          {values.images.map((file, index) => (
            <ImageSlot
              key={index}
              number={index + 1}
              file={file}
              onChoose={(chosen) => form.choosePicture(index, chosen)}
              onClear={() => form.removePicture(index)}
            />
          ))}
        </div>
        {problems.images && (
          <FieldProblem id="product-images-problem">{problems.images}</FieldProblem>
        )}
      </fieldset>

      <Field id="product-name" label="Product name" problem={problems.name}>
        {(control) => <input {...control} {...typed('name')} maxLength={200} required />}
      </Field>

      <Field
        id="product-description"
        label="Product description"
        hint="One bullet point per line."
        problem={problems.description}
      >
        {(control) => <textarea {...control} {...typed('description')} rows={4} />}
      </Field>

      <Field id="product-category" label="Category" problem={problems.category}>
        {(control) => (
          <select {...control} {...typed('category')} required>
            <option value="" disabled>
              Select a category
            </option>
            {categories.map((category) => (
              <option key={category.path} value={category.path}>
                {category.hidden ? `${category.text} (hidden)` : category.text}
              </option>
            ))}
            {/* Its own category shows before the list has loaded, so the choice is kept. */}
            {values.category &&
              !categories.some((category) => category.path === values.category) && (
                <option value={values.category}>{values.category}</option>
              )}
          </select>
        )}
      </Field>

      <UnitFields
        values={values}
        problems={problems}
        typed={typed}
        onUnit={form.chooseUnit}
        onDrawsFrom={form.chooseLooseProduct}
      />

      <div className="seller-field-row">
        <Field id="product-price" label={`Product price${per} (₹)`} problem={problems.price}>
          {(control) => <input {...control} {...typed('price')} {...MONEY} />}
        </Field>
        <Field
          id="product-offer-price"
          label={`Offer price${per} (₹)`}
          problem={problems.offerPrice}
        >
          {(control) => <input {...control} {...typed('offerPrice')} {...MONEY} />}
        </Field>
        <Field id="product-weight" label="Weight" optional problem={problems.weight}>
          {(control) => (
            <input {...control} {...typed('weight')} placeholder="e.g. 500 g" maxLength={50} />
          )}
        </Field>
      </div>

      <div className="seller-field-row">
        <Field id="product-sku" label="SKU" optional problem={problems.sku}>
          {(control) => (
            <input
              {...control}
              {...typed('sku')}
              placeholder="e.g. ATTA-5KG"
              maxLength={64}
              autoComplete="off"
            />
          )}
        </Field>
        <Field id="product-barcode" label="Barcode" optional problem={problems.barcode}>
          {(control) => (
            <input
              {...control}
              {...typed('barcode')}
              inputMode="numeric"
              placeholder="e.g. 8901030865279"
              maxLength={32}
              autoComplete="off"
            />
          )}
        </Field>
      </div>

      <div className="seller-field-row">
        <Field
          id="product-hsn"
          label="HSN code"
          optional
          hint="4, 6 or 8 digits. A registered shop sells only with an HSN code and a rate."
          problem={problems.hsn}
        >
          {(control) => (
            <input
              {...control}
              {...typed('hsn')}
              inputMode="numeric"
              placeholder="e.g. 1006"
              maxLength={8}
              autoComplete="off"
            />
          )}
        </Field>
        <Field id="product-gst-rate" label="GST rate" optional problem={problems.gstRate}>
          {(control) => (
            <select {...control} {...typed('gstRate')}>
              <option value="">Not set</option>
              {GST_RATES.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {rate} %
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <div>
        <Button type="submit" look="seller" disabled={saving}>
          {saving ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
