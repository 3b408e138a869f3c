import {
  formatAmount,
  ORDER_CURRENCY,
  orderNumber,
  type AgentLedgerAnswer,
  type CashLine,
} from '@kirana/shared';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { getAgentLedger } from '../api/get-agent-ledger';
import { recordCashEntryAtom, type CashEntry } from '../atoms/cash';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);
const TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

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
  /**
   * Changes whenever the shop's cash may have moved (the team's list reloads on every live
   * `agents:updated`): the ledger is read again.
   */
  freshness: unknown;
  onClose: () => void;
}

/**
 * One agent's cash at the counter: what they hold, a handover (all of it by default, or part,
 * with a note), a correction when something was recorded wrong (the wrong line stays; the
 * correction is a new one), and their latest ledger lines, read again live.
 */
export function AgentCashDialog({ agent, freshness, onClose }: AgentCashDialogProps) {
  const titleId = useId();
  const agentId = agent?._id ?? null;
  // The ledger shown is always the open agent's: another agent's answer is never shown.
  const [loaded, setLoaded] = useState<{ agentId: string; ledger: AgentLedgerAnswer } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [written, setWritten] = useState(0);
  const record = useSetAtom(recordCashEntryAtom);
  const ledger = loaded && loaded.agentId === agentId ? loaded.ledger : null;

  useEffect(() => {
    if (!agentId) return;
    const controller = new AbortController();
    getAgentLedger(agentId, controller.signal).then(
      (answer) => {
        setLoaded({ agentId, ledger: answer });
        setFailedFor(null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the ledger', error);
        setFailedFor(agentId);
      },
    );
    return () => controller.abort();
  }, [agentId, freshness, written]);

  const onRecord = async (entry: CashEntry) => {
    if (!agentId) return false;
    const done = await record(agentId, entry);
    if (done) setWritten((count) => count + 1);
    return done;
  };

  return (
    <Dialog open={agent !== null} onClose={onClose} labelledBy={titleId} className="seller-cash">
      {agent && (
        <div className="seller-cash__body">
          <h2 id={titleId} className="seller-confirm__title">
            Cash of {agent.name}
          </h2>
          {failedFor === agentId ? (
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
              />
              <details className="seller-cash__correct">
                <summary>Correct the cash in hand</summary>
                <CashEntryForm kind="correction" initialAmount="" onRecord={onRecord} />
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
                          {TIME.format(new Date(line.createdAt))}
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
          <div className="seller-confirm__actions">
            <button type="button" className="seller-button seller-button--ghost" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

interface CashEntryFormProps {
  kind: CashEntry['kind'];
  initialAmount: string;
  onRecord: (entry: CashEntry) => Promise<boolean>;
}

/** The handover form (amount in rupees, optional note) or the correction form (signed, with why). */
function CashEntryForm({ kind, initialAmount, onRecord }: CashEntryFormProps) {
  const amountId = useId();
  const noteId = useId();
  const [amount, setAmount] = useState(initialAmount);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const handover = kind === 'handover';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // The server checks the amount and the note, and says what is wrong.
    const value = Number(amount);
    const written = handover
      ? await onRecord({ kind, body: { amount: value, note: note.trim() || null } })
      : await onRecord({ kind, body: { amount: value, note: note.trim() } });
    setBusy(false);
    if (written) setNote('');
  }

  return (
    <form className="seller-cash__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="seller-field">
        <label htmlFor={amountId}>
          {handover ? 'Amount handed over (₹)' : 'Amount to add, or take off with a minus (₹)'}
        </label>
        <input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="seller-field">
        <label htmlFor={noteId}>{handover ? 'Note (optional)' : 'Why (the agent sees it)'}</label>
        <input
          id={noteId}
          autoComplete="off"
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <button type="submit" className="seller-button" disabled={busy}>
        {busy ? 'Recording…' : handover ? 'Record handover' : 'Record correction'}
      </button>
    </form>
  );
}
