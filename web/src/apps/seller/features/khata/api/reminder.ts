import { khataReminderAnswerSchema, type KhataReminderAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';
import { serverUrl } from '../../../../../lib/server-origin';
import { customerPath } from './customers';

/** `GET /api/khata/customers/{id}/reminder`: the message to send, its UPI and WhatsApp links. */
export function getKhataReminder(id: string, signal?: AbortSignal): Promise<KhataReminderAnswer> {
  return api.get(`${customerPath(id)}/reminder`, khataReminderAnswerSchema, { signal });
}

/** `GET /api/khata/customers/{id}/statement?from=&to=&format=`: a document, not JSON. */
export function khataStatementUrl(
  id: string,
  { from, to }: { from: string; to: string },
  format: 'html' | 'csv',
): string {
  return serverUrl(`${customerPath(id)}/statement?${new URLSearchParams({ from, to, format })}`);
}
