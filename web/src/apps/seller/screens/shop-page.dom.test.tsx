import type { ShopUpdateBody } from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { ShopPage } from './shop-page';

/*
 * The Shop screen's settings against the store's API answered at the fetch boundary: each test
 * says how the server answers the settings saved.
 */

const shop = aShop({ upiId: 'kirana@upi', upiName: 'Kirana Store' });

/** How the server answers `PUT /api/shop`, as each test says. */
let save: (body: ShopUpdateBody) => Response;
/** The settings sent. */
let saved: ShopUpdateBody[];

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname } = new URL(url, 'http://kirana.test');
  if (pathname === '/api/shop' && init.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as ShopUpdateBody;
    saved.push(body);
    return save(body);
  }
  if (pathname === '/api/shop') return answer({ success: true, shop, zipcodes: ['411001'] });
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

beforeEach(() => {
  save = () =>
    answer({ success: true, message: 'Shop settings saved', shop, zipcodes: ['411001'] });
  saved = [];
});

/** The Shop screen, its settings loaded; `save` presses Save settings. */
async function openSettings() {
  render(
    <QueryClientProvider client={queryClient}>
      <ShopPage />
    </QueryClientProvider>,
  );
  const zipcodes = await screen.findByLabelText<HTMLTextAreaElement>(
    'PIN codes the shop delivers to',
  );
  const form = screen.getByRole('button', { name: 'Save settings' }).closest('form')!;
  return { zipcodes, save: () => fireEvent.submit(form) };
}

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the Shop screen’s settings', () => {
  it('names a mistyped PIN code under its field, which gets the focus; nothing is sent', async () => {
    const { zipcodes, save: pressSave } = await openSettings();
    fireEvent.change(zipcodes, { target: { value: '411001, 41100' } });
    pressSave();

    expect(zipcodes.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(zipcodes)).toMatch(/41100: a PIN code is six digits, e.g. 411001$/);
    expect(document.activeElement).toBe(zipcodes);
    expect(saved).toEqual([]);

    fireEvent.change(zipcodes, { target: { value: '411001, 411002' } });
    expect(zipcodes.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves the settings as typed and says so', async () => {
    const { zipcodes, save: pressSave } = await openSettings();
    fireEvent.change(zipcodes, { target: { value: '411001 411002' } });
    pressSave();

    await waitFor(() => expect(heard.toasts).toContain('Shop settings saved'));
    expect(saved).toEqual([expect.objectContaining({ zipcodes: ['411001', '411002'] })]);
  });

  it('shows a refusal at the setting it names, in the screen’s words, and focuses it', async () => {
    save = () => refusal(400, 'INVALID', 'upiId must be a UPI id such as kirana@upi');
    const { save: pressSave } = await openSettings();
    pressSave();

    const upiId = screen.getByLabelText('UPI id');
    await waitFor(() => expect(upiId.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(upiId)).toBe('UPI id must look like kirana@upi');
    expect(document.activeElement).toBe(upiId);
  });

  it('saves what each scale label prefix carries: a prefix changed, one added as price labels', async () => {
    const { save: pressSave } = await openSettings();
    fireEvent.change(screen.getByLabelText('Labels beginning (prefix 2)'), {
      target: { value: '26' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a label prefix' }));
    expect(screen.getByLabelText<HTMLInputElement>('Labels beginning (prefix 3)').value).toBe('22');
    fireEvent.change(screen.getByLabelText('carry (prefix 3)'), { target: { value: 'paise' } });
    pressSave();

    await waitFor(() => expect(heard.toasts).toContain('Shop settings saved'));
    expect(saved).toEqual([
      expect.objectContaining({
        scaleLabels: [
          { prefix: '21', value: 'grams' },
          { prefix: '26', value: 'paise' },
          { prefix: '22', value: 'paise' },
        ],
      }),
    ]);
  });

  it('names a scale label prefix set twice, focuses it, and sends nothing', async () => {
    const { save: pressSave } = await openSettings();
    const second = screen.getByLabelText<HTMLInputElement>('Labels beginning (prefix 2)');
    fireEvent.change(second, { target: { value: '21' } });
    pressSave();

    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(second)).toBe(
      'Scale labels: each prefix is 2 digits beginning with 2, such as 21, and set once',
    );
    expect(document.activeElement).toBe(second);
    expect(saved).toEqual([]);

    // The row set twice removed: nothing is at fault any more.
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove labels beginning 21' })[1]!);
    expect(screen.queryByLabelText('Labels beginning (prefix 2)')).toBeNull();
    expect(
      screen.getByLabelText('Labels beginning (prefix 1)').getAttribute('aria-invalid'),
    ).toBeNull();
    expect(document.getElementById('scale-labels-problem')).toBeNull();
  });

  it('saves the Tax and bills settings: the mode chosen, its line of what the bills print, the GSTIN in capitals', async () => {
    const { save: pressSave } = await openSettings();
    const mode = screen.getByLabelText<HTMLSelectElement>('Tax mode');
    expect(mode.value).toBe('spec');
    expect(descriptionOf(mode)).toMatch(/Adds 2 % tax to every bill/);
    fireEvent.change(mode, { target: { value: 'regular' } });
    expect(descriptionOf(mode)).toMatch(/“Tax Invoice”/);
    fireEvent.change(screen.getByLabelText('GSTIN'), { target: { value: '27aapfu0939f1zv' } });
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Kirana Stores' } });
    fireEvent.change(screen.getByLabelText('Invoice prefix'), { target: { value: 'ks' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'MG Road, Pune' } });
    pressSave();

    await waitFor(() => expect(heard.toasts).toContain('Shop settings saved'));
    expect(saved).toEqual([
      expect.objectContaining({
        tax: 'regular',
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Kirana Stores',
        invoicePrefix: 'KS',
        address: 'MG Road, Pune',
      }),
    ]);
  });

  it('shows the server’s refusal of the tax mode at the mode and at each setting it needs, and focuses the first', async () => {
    save = () =>
      refusal(400, 'INVALID', "tax 'composition' needs gstin, legalName and address: set them");
    const { save: pressSave } = await openSettings();
    // The form is whole by its own rules; the server, holding other settings, refuses.
    fireEvent.change(screen.getByLabelText('Tax mode'), { target: { value: 'unregistered' } });
    pressSave();

    const mode = screen.getByLabelText('Tax mode');
    await waitFor(() => expect(mode.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(mode)).toMatch(
      /Billing as a registered or composition shop needs its GSTIN, legal name and address$/,
    );
    const gstin = screen.getByLabelText('GSTIN');
    expect(descriptionOf(gstin)).toMatch(
      /GSTIN is needed to bill as a registered or composition shop$/,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Address'));
  });

  it('names a GSTIN that fails its check under its field and sends nothing', async () => {
    const { save: pressSave } = await openSettings();
    fireEvent.change(screen.getByLabelText('Tax mode'), { target: { value: 'regular' } });
    const gstin = screen.getByLabelText('GSTIN');
    fireEvent.change(gstin, { target: { value: '27AAPFU0939F1ZX' } });
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Kirana Stores' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'MG Road, Pune' } });
    pressSave();

    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(gstin)).toMatch(/GSTIN must be the 15 characters/);
    expect(document.activeElement).toBe(gstin);
    expect(saved).toEqual([]);
  });
});
