import { SELLER_MESSAGES } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { checkAgentForm } from './agent-form';

describe('add-agent form check', () => {
  it("says 'All fields required' when the name or the phone is empty or blank", () => {
    expect(checkAgentForm({ name: '', phone: '9876543210' })).toEqual({
      ok: false,
      message: SELLER_MESSAGES.allFieldsRequired,
      field: 'name',
    });
    expect(checkAgentForm({ name: 'Ravi', phone: '   ' })).toEqual({
      ok: false,
      message: SELLER_MESSAGES.allFieldsRequired,
      field: 'phone',
    });
    expect(checkAgentForm({ name: '', phone: '' })).toMatchObject({
      message: SELLER_MESSAGES.allFieldsRequired,
    });
  });

  it('sends the trimmed name and the phone without spaces and dashes', () => {
    expect(checkAgentForm({ name: '  Ravi Kumar ', phone: '98765 432-10' })).toEqual({
      ok: true,
      body: { name: 'Ravi Kumar', phone: '9876543210' },
    });
  });

  it('refuses a phone number the server would refuse, naming the phone field', () => {
    expect(checkAgentForm({ name: 'Ravi', phone: '12ab' })).toEqual({
      ok: false,
      message: 'phone must be 7 to 15 digits, optionally starting with +',
      field: 'phone',
    });
  });
});
