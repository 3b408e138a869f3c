import type { Unit } from '@kirana/shared';
import type { ChangeEvent } from 'react';
import { Field } from '../../../../../common/ui/field';
import {
  quantitiesText,
  readSteps,
  type DrawnProduct,
  type ProductFormProblems,
  type ProductFormValues,
} from '../product-form';
import type { ProductTextField } from '../product-form-reducer';
import { LooseProductPicker } from './loose-product-picker';

interface UnitFieldsProps {
  values: ProductFormValues;
  problems: ProductFormProblems;
  /** The value of a text field and its edits. */
  typed: (field: ProductTextField) => {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  };
  onUnit: (unit: Unit) => void;
  onDrawsFrom: (product: DrawnProduct | null) => void;
}

/** How the seller says each unit. */
const SOLD_BY: Record<Unit, string> = {
  piece: 'The piece (packets, bottles, bunches)',
  kg: 'The kilo (loose, weighed)',
  L: 'The litre (loose, measured)',
};

/** The steps as read, in the words a shopper will see them, or nothing when they cannot be. */
function stepsRead(text: string, unit: Exclude<Unit, 'piece'>): string | null {
  const steps = readSteps(text, unit);
  return Array.isArray(steps) && steps.length > 0 ? quantitiesText(steps, unit) : null;
}

/**
 * How a product is sold (docs/catalogue.md#loose-goods-and-packs): by the piece, the kilo or the
 * litre; loose, the steps a shopper chooses online and the weighing scale's code; by the piece,
 * the loose product a pack is sold from and what it holds; any product, the family of pack sizes
 * it is one of.
 */
export function UnitFields({ values, problems, typed, onUnit, onDrawsFrom }: UnitFieldsProps) {
  const loose = values.unit === 'piece' ? null : values.unit;
  const read = loose ? stepsRead(values.steps, loose) : null;
  return (
    <>
      <Field
        id="product-unit"
        label="Sold by"
        hint="Loose goods are priced per kilo or litre and counted in grams or millilitres."
        problem={problems.unit}
      >
        {(control) => (
          <select
            {...control}
            value={values.unit}
            onChange={(event) => onUnit(event.target.value as Unit)}
          >
            {(Object.keys(SOLD_BY) as Unit[]).map((unit) => (
              <option key={unit} value={unit}>
                {SOLD_BY[unit]}
              </option>
            ))}
          </select>
        )}
      </Field>

      {loose ? (
        <div className="seller-field-row seller-field-row--two">
          <Field
            id="product-steps"
            label="Steps offered online"
            hint={
              read
                ? `Shoppers choose ${read}.`
                : `Comma-separated, smallest first, e.g. ${loose === 'kg' ? '250 g, 500 g, 1 kg' : '250 ml, 500 ml, 1 L'}; a bare number is ${loose === 'kg' ? 'kilos' : 'litres'}. Empty: 250, 500 and 1,000.`
            }
            problem={problems.steps}
          >
            {(control) => <input {...control} {...typed('steps')} autoComplete="off" />}
          </Field>
          <Field
            id="product-scale-code"
            label="Scale code"
            optional
            hint="The 5 digits your weighing scale prints on this product’s labels."
            problem={problems.scaleCode}
          >
            {(control) => (
              <input
                {...control}
                {...typed('scaleCode')}
                inputMode="numeric"
                placeholder="e.g. 00042"
                maxLength={5}
                autoComplete="off"
              />
            )}
          </Field>
        </div>
      ) : (
        <div className="seller-field-row seller-field-row--two">
          <LooseProductPicker
            id="product-draws-from"
            chosen={values.drawsFrom}
            onChoose={onDrawsFrom}
            problem={problems.drawsFrom}
          />
          <Field
            id="product-pack-quantity"
            label="A pack holds"
            optional
            hint={
              values.drawsFrom
                ? `Of ${values.drawsFrom.name}, e.g. ${values.drawsFrom.unit === 'kg' ? '1 kg or 500 g' : '1 L or 500 ml'}.`
                : 'With a loose product chosen: how much of it, e.g. 1 kg or 500 g.'
            }
            problem={problems.packQuantity}
          >
            {(control) => (
              <input
                {...control}
                {...typed('packQuantity')}
                placeholder="e.g. 1 kg"
                autoComplete="off"
              />
            )}
          </Field>
        </div>
      )}

      <div className="seller-field-row seller-field-row--two">
        <Field
          id="product-family"
          label="Family"
          optional
          hint="Pack sizes of one product share it, e.g. Aashirvaad Atta: the shop shows them as one, with a size chooser."
          problem={problems.family}
        >
          {(control) => <input {...control} {...typed('family')} maxLength={200} />}
        </Field>
        <Field
          id="product-pack-label"
          label="Pack label"
          optional
          hint="This one’s size in the family, e.g. 5 kg. Both or neither."
          problem={problems.packLabel}
        >
          {(control) => (
            <input {...control} {...typed('packLabel')} placeholder="e.g. 5 kg" maxLength={40} />
          )}
        </Field>
      </div>
    </>
  );
}
