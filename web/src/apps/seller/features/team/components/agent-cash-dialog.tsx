import { formatAmount, ORDER_CURRENCY, orderNumber, shopTime, type CashLine } from '@kirana/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { succeeded } from '../../../failure-message';
import { teamMutations, type CashEntry } from '../mutations';
import { teamQueries } from '../queries';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';
import './agent-cash-dialog.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** A ledger line in the counter's words. */
function lineText(line: CashLine): string {
  const order = line.orderId ? `order #${orderNumber(line.orderId)}` : '';
  switch (line.kind) {
    case 'collection':
      return `Cash taken for ${order}`;
    case 'handover':
      return 'Handed over at the counter';
    case 'correction':
      return line.by === 'system' ? `Given back for ${order}` : 'Correction';
  }
}

interface AgentCashDialogProps {
  /** The agent whose cash is open (removed ones too: they may still hold cash); null closes. */
  agent: { _id: string; name: string } | null;
  onClose: () => void;
}

/**
 * One agent's cash at the counter: what they hold, a handover (all of it by default, or part,
 * with a note), a correction when something was recorded wrong (the wrong line stays; the
 * correction is a new one), and their latest ledger lines, read again live (on every
 * `agents:updated`, and after each line recorded).
 */
export function AgentCashDialog({ agent, onClose }: AgentCashDialogProps) {
  const titleId = useId();
  const agentId = agent?._id ?? null;
  const record = useMutation(teamMutations.recordCash());
  const timeZone = useShopTimeZone();
  // Keyed by agent: another agent's ledger is never shown.
  const { data: ledger, isError } = useQuery({
    ...teamQueries.ledger(agentId ?? ''),
    enabled: agentId !== null,
  });

  const recording = (kind: CashEntry['kind']) =>
    record.isPending && record.variables.entry.kind === kind;
  const onRecord = (entry: CashEntry) =>
    agentId ? succeeded(record.mutateAsync({ agentId, entry })) : Promise.resolve(false);

  return (
    <Dialog open={agent !== null} onClose={onClose} labelledBy={titleId}>
      {agent && (
        <div className="seller-cash__body">
          <DialogTitle id={titleId}>Cash of {agent.name}</DialogTitle>
          {!ledger && isError ? (
            <p className="seller-muted">The ledger could not be loaded. Close and open it again.</p>
          ) : !ledger ? (
            <p className="seller-muted">Loading the ledger…</p>
          ) : (
            <>
              <p className="seller-cash__in-hand">
                In hand <strong>{rupees(ledger.cashInHand)}</strong>
              </p>
              <CashEntryForm
                // A new amount to hand over after each change of the cash in hand.
                key={`handover:${ledger.cashInHand}`}
                kind="handover"
                initialAmount={ledger.cashInHand > 0 ? ledger.cashInHand.toFixed(2) : ''}
                onRecord={onRecord}
                busy={recording('handover')}
              />
              <details className="seller-cash__correct">
                <summary>Correct the cash in hand</summary>
                <CashEntryForm
                  kind="correction"
                  initialAmount=""
                  onRecord={onRecord}
                  busy={recording('correction')}
                />
              </details>
              <h3 className="seller-cash__lines-title">Latest lines</h3>
              {ledger.lines.length === 0 ? (
                <p className="seller-muted">No cash yet.</p>
              ) : (
                <ol
                  className="seller-cash__lines"
                  aria-label={`Cash lines of ${agent.name}, newest first`}
                >
                  {ledger.lines.map((line) => (
                    <li key={line._id}>
                      <span>
                        {lineText(line)}
                        {line.note && line.by !== 'system' && (
                          <span className="seller-muted"> · {line.note}</span>
                        )}
                        <br />
                        <time className="seller-muted" dateTime={line.createdAt}>
                          {shopTime(line.createdAt, timeZone)}
                        </time>
                      </span>
                      <span
                        className="seller-cash__amount"
                        data-sign={line.amount < 0 ? 'out' : 'in'}
                      >
                        {line.amount < 0 ? '−' : '+'}
                        {rupees(Math.abs(line.amount))}
                        <br />
                        <span className="seller-muted">in hand {rupees(line.balance)}</span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
          <DialogActions>
            <Button type="button" look="seller" variant="secondary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}

interface CashEntryFormProps {
  kind: CashEntry['kind'];
  initialAmount: string;
  onRecord: (entry: CashEntry) => Promise<boolean>;
  /** While this form's entry is being recorded. */
  busy: boolean;
}

/** The handover form (amount in rupees, optional note) or the correction form (signed, with why). */
function CashEntryForm({ kind, initialAmount, onRecord, busy }: CashEntryFormProps) {
  const amountId = useId();
  const noteId = useId();
  const [amount, setAmount] = useState(initialAmount);
  const [note, setNote] = useState('');
  const handover = kind === 'handover';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The server checks the amount and the note, and says what is wrong.
    const value = Number(amount);
    const written = handover
      ? await onRecord({ kind, body: { amount: value, note: note.trim() || null } })
      : await onRecord({ kind, body: { amount: value, note: note.trim() } });
    if (written) setNote('');
  }

  return (
    <form className="seller-cash__form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        id={amountId}
        label={handover ? 'Amount handed over (₹)' : 'Amount to add, or take off with a minus (₹)'}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        )}
      </Field>
      <Field id={noteId} label={handover ? 'Note (optional)' : 'Why (the agent sees it)'}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            maxLength={200}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" look="seller" disabled={busy}>
        {busy ? 'Recording…' : handover ? 'Record handover' : 'Record correction'}
      </Button>
    </form>
  );
}
