import {
  IDEMPOTENCY_KEY_HEADER,
  khataEntriesAnswerSchema,
  khataEntryAnswerSchema,
  type KhataAdjustmentBody,
  type KhataEntriesAnswer,
  type KhataEntryAnswer,
  type KhataPaymentBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';
import { customerPath } from './customers';

/** `GET /api/khata/customers/{id}/entries?before=`: a page of the ledger, newest first. */
export function getKhataEntries(
  id: string,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<KhataEntriesAnswer> {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return api.get(`${customerPath(id)}/entries${query}`, khataEntriesAnswerSchema, { signal });
}

/** What the seller writes on a ledger: money received, or an adjustment. */
export type KhataWrite =
  { kind: 'payments'; body: KhataPaymentBody } | { kind: 'adjustments'; body: KhataAdjustmentBody };

/**
 * `POST /api/khata/customers/{id}/payments` (money received, in cash or by UPI) or
 * `…/adjustments` (signed rupees, and why). The same `idempotencyKey` again (a retry after a lost
 * answer) answers the first and writes nothing more.
 */
export function writeKhataEntry(
  id: string,
  { kind, body }: KhataWrite,
  idempotencyKey: string,
): Promise<KhataEntryAnswer> {
  return api.post(`${customerPath(id)}/${kind}`, khataEntryAnswerSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
