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

/**
 * `POST /api/khata/customers/{id}/payments`: money received, in cash or by UPI; the same
 * `idempotencyKey` again (a retry after a lost answer) answers the first and writes nothing more.
 */
export function receiveKhataPayment(
  id: string,
  body: KhataPaymentBody,
  idempotencyKey: string,
): Promise<KhataEntryAnswer> {
  return api.post(`${customerPath(id)}/payments`, khataEntryAnswerSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** `POST /api/khata/customers/{id}/adjustments`: signed rupees, and why; written once per key. */
export function adjustKhata(
  id: string,
  body: KhataAdjustmentBody,
  idempotencyKey: string,
): Promise<KhataEntryAnswer> {
  return api.post(`${customerPath(id)}/adjustments`, khataEntryAnswerSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
