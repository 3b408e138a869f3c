import {
  CATALOGUE_COLUMNS,
  IMPORT_LIMITS,
  type CatalogueColumn,
  type ImportChange,
} from '@kirana/shared';
import { catalogueCells, type CatalogueNames } from './catalogue-export.js';
import type { Planned } from './catalogue-import-row.js';

/*
 * What a catalogue import's rows change in the products they update, old → new, as the file
 * writes each value: the seller sees a field emptied or a picture dropped before applying.
 */

/** The column of each stored field whose name differs. */
const COLUMN_OF: Record<string, CatalogueColumn> = {
  pricePaise: 'price',
  offerPricePaise: 'offerPrice',
};

/** The columns that hold a list, and what separates its items in a cell. */
const LIST_SEPARATOR: Partial<Record<string, string>> = {
  description: '|',
  images: ';',
  steps: '|',
};

/** A picture by its file name: a stored one's, or the .zip file's. */
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

const clip = (text: string) =>
  text.length > IMPORT_LIMITS.changeText ? `${text.slice(0, IMPORT_LIMITS.changeText - 1)}…` : text;

/**
 * The changes of the rows that update a product, in row order: at most
 * IMPORT_LIMITS.changesListed rows, chosen first among those that take something away (a field
 * emptied, a line or picture left out), and how many more rows change.
 */
export function listedChanges(
  planned: Planned[],
  looseCodes: ReadonlyMap<string, string>,
): {
  changes: ImportChange[];
  moreChanges: number;
} {
  const updates = planned.flatMap((plan) =>
    plan.product && plan.changed.length > 0
      ? [
          changeOf(plan, plan.product, {
            picture: fileName,
            loose: (id) => looseCodes.get(id) ?? id,
          }),
        ]
      : [],
  );
  const chosen = new Set(updates.filter(({ takesAway }) => takesAway));
  for (const update of updates) chosen.add(update);
  const listed = new Set([...chosen].slice(0, IMPORT_LIMITS.changesListed));
  return {
    changes: updates.filter((update) => listed.has(update)).map(({ change }) => change),
    moreChanges: updates.length - listed.size,
  };
}

function changeOf(plan: Planned, product: NonNullable<Planned['product']>, names: CatalogueNames) {
  const before = catalogueCells(product, names);
  const pictures = plan.pictures?.map((picture) =>
    typeof picture === 'string' ? picture : picture.fileName,
  );
  const after = catalogueCells(
    { ...product, ...plan.fields, images: pictures ?? product.images },
    names,
  );
  let takesAway = false;
  const columns = plan.changed
    .map((key) => COLUMN_OF[key] ?? (key as CatalogueColumn))
    .sort((a, b) => CATALOGUE_COLUMNS.indexOf(a) - CATALOGUE_COLUMNS.indexOf(b));
  const fields = columns.map((field) => {
    const [from, to] = [before[field], after[field]];
    const separator = LIST_SEPARATOR[field];
    if (separator === undefined) takesAway ||= to === '' && from !== '';
    else {
      const kept = new Set(to.split(separator));
      takesAway ||= from !== '' && from.split(separator).some((item) => !kept.has(item));
    }
    return { field, from: clip(from), to: clip(to) };
  });
  const change: ImportChange = {
    row: plan.row,
    line: plan.line,
    sku: plan.sku,
    name: product.name,
    fields,
  };
  return { change, takesAway };
}
