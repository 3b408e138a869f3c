import {
  KHATA_IMPORT_COLUMNS,
  type KhataImportAnswer,
  type KhataImportError,
} from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../../../lib/api-client';
import { Button } from '../../../../../common/ui/button';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { Field, FieldProblem } from '../../../../../common/ui/field';
import { refusedRows } from '../api/import-customers';
import './import-dialog.css';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the CSV; rejects with the server's refusal, said here. */
  onImport: (file: File) => Promise<KhataImportAnswer>;
  busy: boolean;
}

/**
 * A paper khata's customers and their totals from a CSV (name, phone, creditLimit, balance, note),
 * all rows or none: a refusal names the rows to put right, and nothing is written.
 */
export function ImportDialog({ open, onClose, onImport, busy }: ImportDialogProps) {
  const titleId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<KhataImportAnswer | null>(null);
  // The rows a refused import names: nothing was written.
  const [rows, setRows] = useState<KhataImportError[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setResult(null);
    if (!file) {
      setRefusal('Choose the CSV file to import');
      return;
    }
    setRefusal(null);
    setRows([]);
    try {
      setResult(await onImport(file));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID') {
        setRefusal(error.message);
        setRows(refusedRows(error));
      }
    }
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate className="khata-import">
        <DialogTitle id={titleId}>Import customers</DialogTitle>
        <p className="seller-muted">
          A CSV with the header <code>{KHATA_IMPORT_COLUMNS.join(',')}</code>: each customer&apos;s
          phone, credit limit and what they owe now (their opening balance). A phone already on the
          khata updates that customer. Any row with a mistake stops the whole import.
        </p>
        <Field id={fileId} label="CSV file" problem={refusal ?? undefined}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefusal(null);
                setResult(null);
              }}
            />
          )}
        </Field>
        {result && (
          <div role="status" className="khata-import__result">
            <p>{result.message}</p>
            <RowErrors rows={result.errors} />
          </div>
        )}
        <RowErrors rows={rows} />
        <DialogActions>
          <Button type="button" look="seller" variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" look="seller" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What is wrong with each row of the CSV, in the server's words (which name the row and line). */
function RowErrors({ rows }: { rows: readonly KhataImportError[] }) {
  if (rows.length === 0) return null;
  return (
    <ul aria-label="Rows not imported" className="khata-import__rows">
      {rows.map((problem, index) => (
        <li key={index}>
          <FieldProblem>{problem.message}</FieldProblem>
        </li>
      ))}
    </ul>
  );
}
