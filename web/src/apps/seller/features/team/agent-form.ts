import { agentCreateBodySchema, SELLER_MESSAGES, type AgentCreateBody } from '@kirana/shared';

export interface AgentFormValues {
  name: string;
  phone: string;
}

/** How an attempt to add an agent went; a refusal may name the field to fix. */
export type AddAgentResult = { ok: true } | { ok: false; field?: keyof AgentFormValues };

export type AgentFormCheck =
  | { ok: true; body: AgentCreateBody }
  | { ok: false; message: string; field: keyof AgentFormValues };

/**
 * Checks the add-agent form as the server would: both fields are required ('All fields
 * required'), and the phone must be 7 to 15 digits (spaces and dashes are dropped).
 */
export function checkAgentForm(values: AgentFormValues): AgentFormCheck {
  if (values.name.trim() === '') {
    return { ok: false, message: SELLER_MESSAGES.allFieldsRequired, field: 'name' };
  }
  if (values.phone.trim() === '') {
    return { ok: false, message: SELLER_MESSAGES.allFieldsRequired, field: 'phone' };
  }
  const parsed = agentCreateBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === 'name' ? 'name' : 'phone';
  return { ok: false, message: issue?.message ?? SELLER_MESSAGES.allFieldsRequired, field };
}
