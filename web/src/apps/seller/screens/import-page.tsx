import { CLEAR_CELL, IMPORT_LIMITS, type ImportAnswer } from '@kirana/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { count, summary } from '../features/products/import-summary';
import { productMutations } from '../features/products/mutations';
import { serverUrl } from '../../../lib/server-origin';
import { Note, Panel, SellerPage } from '../ui/seller-page';
import { Button, buttonClass } from '../../../common/ui/button';
import { DataTable } from '../../../common/ui/data-table';
import { Field } from '../../../common/ui/field';
import '../ui/seller-form.css';
import './import-page.css';

/**
 * /seller/import: the whole catalogue from a spreadsheet. The file is checked first (nothing is
 * written, every bad row named with its line and column, every change to a product listed old →
 * new), then imported in one go, all rows or none. The catalogue downloads in the same columns,
 * to edit and bring back.
 */
export function ImportPage() {
  const csvId = useId();
  const zipId = useId();
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportAnswer | null>(null);
  const [imported, setImported] = useState<ImportAnswer | null>(null);
  const checking = useMutation(productMutations.checkImport());
  const importing = useMutation(productMutations.importCatalogue());
  const busy = checking.isPending ? 'preview' : importing.isPending ? 'apply' : null;

  function send(mode: 'preview' | 'apply') {
    if (!csv) return;
    if (mode === 'preview') checking.mutate({ csv, zip }, { onSuccess: setChecked });
    else
      importing.mutate(
        { csv, zip },
        {
          onSuccess: (answer) => {
            setImported(answer);
            setChecked(null);
          },
        },
      );
  }

  function check(event: FormEvent) {
    event.preventDefault();
    setImported(null);
    send('preview');
  }

  const chosen = (set: (file: File | null) => void) => (files: FileList | null) => {
    set(files?.[0] ?? null);
    setChecked(null);
    setImported(null);
  };

  return (
    <SellerPage title="Import" heading="Import products">
      <Panel title="From a spreadsheet">
        <Note>
          A CSV with a header row and the columns sku, name, category, price, offerPrice,
          description (lines separated by |), weight, barcode, inStock, stockCount, stockCountRead
          and images (file names separated by ;), and hsn and gstRate (the HSN code, and the GST
          rate in percent, such as 5), in any order. A row whose SKU the shop has updates that
          product; any other row adds one. At most {IMPORT_LIMITS.rows.toLocaleString('en-IN')}{' '}
          rows.
        </Note>
        <Note>
          In a row that updates a product, an empty cell keeps what the product has; a cell of just
          a dash ({CLEAR_CELL}) empties its description, weight, barcode, stock count (not counted)
          or pictures. A downloaded catalogue writes beside each stockCount the count it read
          (stockCountRead): that row's count applies only while the product still has it, so units
          sold since the download are not put back.
        </Note>
        <form className="seller-form seller-form--wide" onSubmit={check}>
          <Field id={csvId} label="Products (CSV)">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,text/csv"
                required
                onChange={(event) => chosen(setCsv)(event.target.files)}
              />
            )}
          </Field>
          <Field id={zipId} label="Pictures (.zip, optional)">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".zip,application/zip"
                onChange={(event) => chosen(setZip)(event.target.files)}
              />
            )}
          </Field>
          <div className="seller-actions">
            <Button type="submit" look="seller" disabled={!csv || busy !== null}>
              {busy === 'preview' ? 'Checking…' : 'Check the file'}
            </Button>
            <a
              className={buttonClass({ look: 'seller', variant: 'secondary' })}
              href={serverUrl('/api/product/export')}
            >
              Download the catalogue (CSV)
            </a>
          </div>
        </form>
      </Panel>

      {checked && (
        <Panel
          title={
            checked.errors.length === 0
              ? 'Ready to import'
              : `${count(checked.errors.length, 'problem')} to fix`
          }
        >
          <p role="status">{summary(checked)}</p>
          {checked.errors.length > 0 && (
            <>
              <Note>
                Nothing is imported until every row is right: fix these in the file and check it
                again. Row 1 is the first under the header; the line is the row&rsquo;s number in a
                spreadsheet, the header being line 1.
              </Note>
              <ImportErrors errors={checked.errors} />
            </>
          )}
          {checked.changes.length > 0 && <ImportChanges answer={checked} />}
          {checked.errors.length === 0 && (
            <Button
              type="button"
              look="seller"
              disabled={busy !== null || checked.created + checked.updated === 0}
              onClick={() => send('apply')}
            >
              {busy === 'apply'
                ? 'Importing…'
                : `Import ${count(checked.created + checked.updated, 'product')}`}
            </Button>
          )}
        </Panel>
      )}

      {imported && (
        <Panel title="Imported">
          <p role="status">{summary(imported)}</p>
        </Panel>
      )}
    </SellerPage>
  );
}

function ImportErrors({ errors }: { errors: ImportAnswer['errors'] }) {
  return (
    <DataTable caption="Problems in the file, by row">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Line</th>
          <th scope="col">Column</th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={index}>
            <th scope="row">{error.row === 0 ? 'Header' : error.row}</th>
            <td>{error.line}</td>
            <td>{error.field}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** What the rows that update a product change, old → new, so that a removal is seen first. */
function ImportChanges({ answer: { changes, moreChanges } }: { answer: ImportAnswer }) {
  return (
    <>
      <h3 className="import-changes__title">Changes to products</h3>
      <DataTable caption="Changes to products, by row">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Line</th>
            <th scope="col">Product</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.row}>
              <th scope="row">{change.row}</th>
              <td>{change.line}</td>
              <td>
                {change.name}
                {change.sku && <span className="import-changes__sku">{change.sku}</span>}
              </td>
              <td>
                <ul className="import-changes__fields">
                  {change.fields.map(({ field, from, to }) => (
                    <li key={field}>
                      <span className="import-changes__field">{field}</span>{' '}
                      {from || <em className="import-changes__empty">empty</em>} →{' '}
                      {to || (
                        <em className="import-changes__empty import-changes__removed">empty</em>
                      )}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {moreChanges > 0 && (
        <Note>
          …and {count(moreChanges, 'more row')} that change a product. Rows that empty a field or
          drop a picture are listed first.
        </Note>
      )}
    </>
  );
}
