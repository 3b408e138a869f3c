import {
  khataCustomerBodySchema,
  type KhataCustomer,
  type KhataCustomerBody,
} from '@kirana/shared';

/** The customer form as typed; `shopper` the linked account (null: none). */
export interface KhataCustomerValues {
  name: string;
  phone: string;
  creditLimit: string;
  note: string;
  shopper: { _id: string; name: string; email: string } | null;
}

export type KhataCustomerField = 'name' | 'phone' | 'creditLimit' | 'note' | 'shopper';
export type KhataCustomerProblems = Partial<Record<KhataCustomerField, string>>;

const FIELDS: readonly KhataCustomerField[] = ['name', 'phone', 'creditLimit', 'note', 'shopper'];

export const EMPTY_CUSTOMER: KhataCustomerValues = {
  name: '',
  phone: '',
  creditLimit: '0',
  note: '',
  shopper: null,
};

/** The form holding `customer` as it stands, to edit. */
export const valuesOf = (customer: KhataCustomer): KhataCustomerValues => ({
  name: customer.name,
  phone: customer.phone,
  creditLimit: String(customer.creditLimit),
  note: customer.note ?? '',
  shopper: customer.shopper,
});

/** A number typed in rupees ('1,500' too); an empty box is none (NaN: the contract names it). */
export const typedRupees = (text: string): number => {
  const cleaned = text.replace(/[,\s₹]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
};

/**
 * The form checked by the contract's own rules before asking the server: the body to send, or
 * what is wrong with each field, in the contract's words.
 */
export function checkCustomerForm(
  values: KhataCustomerValues,
): { ok: true; body: KhataCustomerBody } | { ok: false; problems: KhataCustomerProblems } {
  const parsed = khataCustomerBodySchema.safeParse({
    name: values.name,
    phone: values.phone,
    creditLimit: typedRupees(values.creditLimit),
    note: values.note.trim() || null,
    shopper: values.shopper?._id ?? null,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: KhataCustomerProblems = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((known) => known === issue.path[0]);
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return { ok: false, problems };
}

/** The field a server's refusal names (its message begins with it; PHONE_TAKEN is the phone). */
export function fieldOfRefusal(
  code: string | undefined,
  message: string,
): KhataCustomerField | null {
  if (code === 'PHONE_TAKEN') return 'phone';
  return FIELDS.find((field) => message.startsWith(`${field} `)) ?? null;
}
