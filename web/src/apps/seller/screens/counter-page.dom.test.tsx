import 'fake-indexeddb/auto';
import {
  IDEMPOTENCY_KEY_HEADER,
  type CounterDay,
  type CounterSale,
  type CounterSaleBody,
  type Product,
  type TaxMode,
} from '@kirana/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { aShop } from '../../../test/shop';
import { answer, answeredBy, refusal } from '../../../test/store';
import { aKhataCustomer } from '../../../test/khata';
import { aProduct } from '../../../test/products';
import { counterDb } from '../features/counter/offline/counter-db';
import { CounterPage } from './counter-page';

/*
 * The Counter screen against the store's API answered at the fetch boundary: each test holds or
 * answers the lookups and the sale as a slow or failing server would.
 */

const tea = aProduct({ name: 'Tea', offerPrice: 40, barcode: '8901000000011' });
const rusk = aProduct({ name: 'Rusk', offerPrice: 40, barcode: '8901000000028' });
const soap = aProduct({ name: 'Soap', offerPrice: 40, barcode: '8901000000035', stockCount: 1 });
// Loose, ₹140 a kilo; its scale labels begin 21 (grams) and its scale code.
const onion = aProduct({
  name: 'Onion',
  offerPrice: 140,
  barcode: '8901000000042',
  unit: 'kg',
  scaleCode: '00042',
  weight: null,
});
/** A scale label of 750 g of onions (prefix 21, scale code 00042, 00750 g, check digit 5). */
const ONION_LABEL = '2100042007505';

const shop = aShop({ phone: '', email: '' });
/** How the shop bills, as each test says. */
let tax: TaxMode;
// On the khata: owes ₹1,950 of a ₹2,000 limit.
const meena = aKhataCustomer({ balance: 1950, creditLimit: 2000 });

const day: CounterDay = {
  _id: 'day-1',
  date: '2026-12-07',
  openedAt: '2026-12-07T03:30:00.000Z',
  closedAt: null,
  openingFloat: 500,
  sales: 0,
  cashSales: 0,
  upiSales: 0,
  khataSales: 0,
  khataCash: 0,
  cashReturns: 0,
  upiReturns: 0,
  handovers: 0,
  payouts: 0,
  expected: 500,
  counted: null,
  difference: null,
  note: null,
};

const aSale = (number: number, amount: number): CounterSale => ({
  _id: `sale-${number}`,
  number,
  invoice: null,
  lines: [],
  subtotal: amount,
  tax: 0,
  amount,
  payment: 'cash',
  tendered: amount,
  change: 0,
  refunded: 0,
  customer: null,
  onKhata: 0,
  paid: null,
  createdAt: '2026-12-07T05:00:00.000Z',
});

/** A promise the test settles when it chooses: an answer held by a slow server. */
function held<T>() {
  let settle!: (value: T | Promise<T>) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

interface SaleCall {
  body: CounterSaleBody;
  key: string | undefined;
}

/** The store's API as the till calls it; `sell` and `lookUp` answer as each test says. */
let sell: (call: SaleCall) => Promise<Response>;
let lookUp: (code: string) => Promise<Response>;
/** The products as they are now, for `GET /api/product/items`. */
let productsNow: Product[];
let saleCalls: SaleCall[];
/** The codes looked up so far, each once answered. */
let lookUps: string[];
/** Whether the server answers at all: not, every call fails as a fetch does without it. */
let reachable: boolean;
/** This counter's series for the bills it makes offline. */
const device = { series: 'C1', name: 'Counter', year: 2026, lastNumber: 0 };

async function store(url: string, init: RequestInit = {}): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://kirana.test');
  if (!reachable) throw new TypeError('Failed to fetch');
  if (pathname === '/healthz') return answer({ success: true });
  if (pathname === '/api/counter/catalogue')
    return answer({ success: true, products: [tea, rusk, soap, onion], next: null });
  if (pathname.startsWith('/api/counter/devices')) return answer({ success: true, device });
  if (pathname === '/api/shop') return answer({ success: true, shop: { ...shop, tax } });
  if (pathname === '/api/counter/day') return answer({ success: true, day });
  if (pathname === '/api/counter/sales' && init.method === 'POST') {
    const headers = init.headers as Record<string, string>;
    const call = {
      body: JSON.parse(String(init.body)) as CounterSaleBody,
      key: headers[IDEMPOTENCY_KEY_HEADER],
    };
    saleCalls.push(call);
    return sell(call);
  }
  if (pathname === '/api/counter/sales')
    return answer({ success: true, date: day.date, sales: [], more: false });
  if (pathname === '/api/counter/lookup') {
    const code = searchParams.get('code') ?? '';
    const answered = await lookUp(code);
    lookUps.push(code);
    return answered;
  }
  if (pathname === '/api/khata/customers')
    return answer({
      success: true,
      customers: [meena].filter((customer) => customer.phone.includes(searchParams.get('q') ?? '')),
      page: 1,
      pages: 1,
      total: 1,
      toCollect: meena.balance,
    });
  if (pathname === `/api/khata/customers/${meena._id}`)
    return answer({ success: true, customer: meena });
  if (pathname === '/api/product/items') {
    const ids = searchParams.get('ids')?.split(',') ?? [];
    const products = productsNow.filter((product) => ids.includes(product._id));
    return answer({ success: true, products });
  }
  return refusal(404, 'NOT_FOUND', `No route ${pathname} in this test`);
}

const heard = answeredBy(store);

const byBarcode = (code: string) =>
  [tea, rusk, soap, onion].find((product) => product.barcode === code) ?? null;
const found = async (code: string) => {
  if (code === ONION_LABEL) return answer({ success: true, product: onion, quantity: 750 });
  const product = byBarcode(code);
  return product
    ? answer({ success: true, product })
    : refusal(404, 'NOT_FOUND', `No product has the code ${code}`);
};

beforeEach(() => {
  tax = 'spec';
  sell = async () => answer({ success: true, sale: aSale(1, 40.8) });
  lookUp = found;
  productsNow = [tea, rusk, soap];
  saleCalls = [];
  lookUps = [];
  reachable = true;
});

afterEach(async () => {
  vi.useRealTimers();
  sessionStorage.clear();
  // What this counter kept (its catalogue, series and waiting bills) is each test's own.
  const db = await counterDb();
  await Promise.all(
    (['products', 'customers', 'meta', 'waiting'] as const).map((store) => db.clear(store)),
  );
});

/** The Counter screen with the till open, its scan box focused. */
async function openTill() {
  render(
    <QueryClientProvider client={queryClient}>
      <CounterPage />
    </QueryClientProvider>,
  );
  const box = await screen.findByRole('combobox', { name: /Scan or search/ });
  box.focus();
  /** A USB scanner: the code typed into the focused box, then Enter. */
  const scan = (code: string) => {
    fireEvent.change(box, { target: { value: code } });
    fireEvent.keyDown(box, { key: 'Enter' });
  };
  const press = (key: string) =>
    fireEvent.keyDown(document.activeElement ?? document.body, { key });
  const quantityOf = (product: Product) => screen.queryByLabelText(`Quantity of ${product.name}`);
  /** Once `product`'s code has been looked up and its answer read. */
  const lookedUp = (product: Product) => waitFor(() => expect(lookUps).toContain(product.barcode));
  return { scan, press, quantityOf, lookedUp };
}

describe('the Counter screen', () => {
  it('puts an item scanned while the sale is recorded on the next bill, and says the sale beside it', async () => {
    const { scan, press, quantityOf, lookedUp } = await openTill();
    scan(tea.barcode!);
    await waitFor(() => expect(quantityOf(tea)).toHaveProperty('value', '1'));
    const recorded = held<Response>();
    sell = () => recorded.promise;

    press('F9');
    await screen.findByRole('button', { name: /Recording…/ });
    scan(rusk.barcode!);
    await lookedUp(rusk);
    // The next customer's item waits for the next bill.
    expect(quantityOf(rusk)).toBeNull();
    recorded.settle(answer({ success: true, sale: aSale(7, 40.8) }));

    await waitFor(() => expect(quantityOf(rusk)).toHaveProperty('value', '1'));
    expect(quantityOf(tea)).toBeNull();
    expect(screen.getByText('Bill 7 recorded: change to give ₹0.00')).toBeTruthy();
    expect(saleCalls.map((call) => call.body.items)).toEqual([[{ product: tea._id, quantity: 1 }]]);
  });

  it('sells the item still being looked up when F9 comes before its answer', async () => {
    const { scan, press } = await openTill();
    const answered = held<Response>();
    lookUp = () => answered.promise;

    scan(tea.barcode!);
    press('F9');
    expect(saleCalls).toEqual([]);
    answered.settle(found(tea.barcode!));

    await screen.findByRole('region', { name: 'Bill 1 recorded' });
    expect(saleCalls.map((call) => call.body.items)).toEqual([[{ product: tea._id, quantity: 1 }]]);
  });

  it('tries a sale whose answer was lost (the server failing) again under the same key; recorded already, what was scanned meanwhile is the next bill', async () => {
    const { scan, press, quantityOf, lookedUp } = await openTill();
    scan(tea.barcode!);
    await waitFor(() => expect(quantityOf(tea)).not.toBeNull());
    const lost = held<Response>();
    sell = () => lost.promise;

    press('F9');
    await screen.findByRole('button', { name: /Recording…/ });
    scan(rusk.barcode!);
    await lookedUp(rusk);
    // The server took the sale and failed before it answered: it may have recorded it.
    lost.settle(refusal(500, 'INTERNAL', 'Something went wrong'));

    await waitFor(() => expect(heard.toasts).toContain('Something went wrong'));
    // Both on the bill, held over a reload with the try that may have been recorded.
    await waitFor(() => expect(quantityOf(rusk)).not.toBeNull());
    expect(quantityOf(tea)).not.toBeNull();
    expect(JSON.parse(sessionStorage.getItem('kirana.counter.bill')!)).toMatchObject({
      key: saleCalls[0]!.key,
      unanswered: { items: [{ product: tea._id, quantity: 1 }] },
    });

    sell = async () =>
      refusal(409, 'IDEMPOTENCY_KEY_REUSED', 'This key was used for another request');
    press('F9');
    await waitFor(() =>
      expect(heard.toasts).toContain('This bill was recorded already: find it in Today’s sales'),
    );
    expect(saleCalls).toHaveLength(2);
    expect(saleCalls[1]!.key).toBe(saleCalls[0]!.key);
    expect(quantityOf(tea)).toBeNull();
    expect(quantityOf(rusk)).toHaveProperty('value', '1');
  });

  it('without the server keeps selling: each bill numbered in this counter’s series and kept, said in one line, the day kept open, then sent oldest first under the same keys', async () => {
    // Noon in December, its clock running on: a series' numbers start again on 1 April, so two
    // bills either side of the year's last second would both be 1. Only `Date` is faked: the
    // server here is the test's own answers, and no database reads another clock.
    vi.useFakeTimers({
      now: new Date('2026-12-07T06:30:00Z'),
      toFake: ['Date'],
      shouldAdvanceTime: true,
    });
    const { scan, press, quantityOf } = await openTill();
    // The counter's series and catalogue are kept while the server answers.
    await screen.findByText(/4 products kept on this counter/);
    await waitFor(async () =>
      expect(await (await counterDb()).get('meta', 'device')).toBeDefined(),
    );

    reachable = false;
    scan(tea.barcode!);
    await waitFor(() => expect(quantityOf(tea)).toHaveProperty('value', '1'));
    press('F9');
    // The financial year 2026-27's, on the shop's clock.
    const year = '26-27';
    await screen.findByRole('region', { name: `Bill C1/${year}/1 kept on this counter` });
    expect(
      await screen.findByText(
        'Offline — bills are kept on this counter and sent when the connection is back · 1 bill waiting',
      ),
    ).toBeDefined();

    // Known offline now: the next bill is read and kept without asking the server.
    press('Enter');
    scan(ONION_LABEL);
    // A scale label's weight, read from the kept catalogue and the shop's label settings.
    await screen.findByText(/0\.750 kg × ₹140\.00\/kg/);
    press('F9');
    await screen.findByRole('region', { name: `Bill C1/${year}/2 kept on this counter` });
    await screen.findByText(/· 2 bills waiting/);
    expect(saleCalls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    await waitFor(() =>
      expect(heard.toasts).toContain(
        '2 bills kept on this counter must be recorded before the day closes: they are sent once the connection is back',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    reachable = true;
    sell = async ({ body }) =>
      answer({ success: true, sale: aSale(body.offline!.number + 40, body.amount!), flagged: [] });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(saleCalls).toHaveLength(2));
    const [first, second] = saleCalls;
    expect(first!.body).toMatchObject({
      items: [{ product: tea._id, quantity: 1, price: 40 }],
      offline: { device: 'C1', number: 1 },
    });
    expect(second!.body).toMatchObject({
      items: [{ product: onion._id, quantity: 750, price: 140 }],
      offline: { device: 'C1', number: 2 },
    });
    expect(first!.key).not.toBe(second!.key);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bills kept on this counter' })).toBeNull(),
    );
    expect(screen.queryByText(/Offline —|Sending/)).toBeNull();
  });

  it('reads the bill again after a sale refused for stock gone, asks of the bill on the screen, and sells it past the count with the seller’s word under the same key', async () => {
    const { scan, press, quantityOf, lookedUp } = await openTill();
    scan(soap.barcode!);
    await waitFor(() => expect(quantityOf(soap)).not.toBeNull());
    const refused = held<Response>();
    sell = () => refused.promise;

    press('F9');
    await screen.findByRole('button', { name: /Recording…/ });
    scan(tea.barcode!);
    await lookedUp(tea);
    // Sold elsewhere meanwhile: the count says none left.
    productsNow = [{ ...soap, stockCount: 0, inStock: false }, tea];
    refused.settle(refusal(409, 'OUT_OF_STOCK', 'Only 0 of Soap left'));

    const question = await screen.findByRole('dialog', { name: 'Sell past the count?' });
    expect(question.textContent).toContain('Soap: the count says none left, 1 sold past it');
    expect(quantityOf(tea)).toHaveProperty('value', '1');
    sell = async () => answer({ success: true, sale: aSale(8, 81.6) });
    fireEvent.click(within(question).getByRole('button', { name: /Sell anyway/ }));

    await screen.findByRole('region', { name: 'Bill 8 recorded' });
    expect(saleCalls).toHaveLength(2);
    expect(saleCalls[1]).toEqual({
      key: saleCalls[0]!.key,
      body: {
        items: [
          { product: soap._id, quantity: 1 },
          { product: tea._id, quantity: 1 },
        ],
        payment: 'cash',
        amount: 81.6,
        tendered: 81.6,
        sellPastCount: true,
      },
    });
    expect(heard.toasts).toEqual([]);
  });

  it('asks the weight of a loose item scanned, says a weight refused, and sells a scale label by its code', async () => {
    const { scan, press } = await openTill();
    scan(onion.barcode!);
    const weight = await screen.findByRole('textbox', {
      name: /^Weight of Onion \(₹140\.00\/kg\)/,
    });
    expect(document.activeElement).toBe(weight);
    fireEvent.change(weight, { target: { value: '1,5' } });
    fireEvent.submit(weight);
    expect(await screen.findByText(/Write the weight without a comma/)).toBeTruthy();
    expect(screen.queryByLabelText('Weight in kg of Onion')).toBeNull();

    fireEvent.change(weight, { target: { value: '750g' } });
    fireEvent.submit(weight);
    const bill = await screen.findByRole('table', { name: 'The bill' });
    await waitFor(() => expect(within(bill).getByText('0.750 kg × ₹140.00/kg')).toBeTruthy());
    expect(screen.queryByRole('textbox', { name: /^Weight of Onion/ })).toBeNull();
    // 750 g at ₹140/kg.
    expect(within(bill).getByText('₹105.00')).toBeTruthy();

    // Typed anew in the bill: 1.2 kg.
    const line = screen.getByLabelText('Weight in kg of Onion');
    fireEvent.change(line, { target: { value: '1.2' } });
    fireEvent.keyDown(line, { key: 'Enter' });
    await waitFor(() => expect(within(bill).getByText('1.200 kg × ₹140.00/kg')).toBeTruthy());

    // A label adds its 750 g at once, no weight asked.
    (screen.getByRole('combobox', { name: /Scan or search/ }) as HTMLInputElement).focus();
    scan(ONION_LABEL);
    await waitFor(() => expect(within(bill).getByText('1.950 kg × ₹140.00/kg')).toBeTruthy());
    expect(screen.queryByRole('textbox', { name: /^Weight of Onion/ })).toBeNull();

    press('F9');
    await screen.findByRole('region', { name: 'Bill 1 recorded' });
    expect(saleCalls.map((call) => call.body.items)).toEqual([
      [{ code: ONION_LABEL }, { product: onion._id, quantity: 1200 }],
    ]);
    // 1.95 kg at ₹140/kg is ₹273, 2 % tax.
    expect(saleCalls[0]!.body.amount).toBe(278.46);
  });
});

describe('the Counter screen’s khata', () => {
  /** The bill of `product` put on the khata of Meena, found by her phone. */
  async function onMeenasKhata() {
    const till = await openTill();
    till.scan(tea.barcode!);
    await waitFor(() => expect(till.quantityOf(tea)).toHaveProperty('value', '1'));
    fireEvent.click(screen.getByLabelText('Khata'));
    fireEvent.change(screen.getByLabelText('Customer (name or phone)'), {
      target: { value: '98765' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Meena Sharma · 9876543210' }));
    return till;
  }

  it('shows the customer’s balance, limit and what is left, and sends the sale with the part paid now', async () => {
    sell = async () =>
      answer({
        success: true,
        sale: {
          ...aSale(3, 40.8),
          payment: 'khata',
          tendered: null,
          change: null,
          customer: { _id: meena._id, name: meena.name, balance: 1980.8, creditLimit: 2000 },
          onKhata: 30.8,
          paid: { cash: 10, upi: 0 },
        },
      });
    await onMeenasKhata();
    const customer = screen.getByRole('group', { name: 'Khata customer' });
    expect(customer.textContent).toContain('owes ₹1950.00 · limit ₹2000.00, ₹50.00 left');
    fireEvent.change(screen.getByLabelText(/Paid now/), { target: { value: '10' } });
    expect(screen.getByText(/On the khata:/).textContent).toBe(
      'On the khata: ₹30.80 · ₹10.00 in cash now',
    );
    fireEvent.click(screen.getByRole('button', { name: /Put on the khata/ }));

    await screen.findByRole('region', { name: 'Bill 3 recorded' });
    expect(saleCalls.map((call) => call.body)).toEqual([
      expect.objectContaining({ payment: 'khata', customer: meena._id, paid: { cash: 10 } }),
    ]);
    expect(screen.getByText('Owes ₹1980.80 now of a ₹2000.00 limit')).toBeTruthy();
  });

  it('shows a refusal past the limit with its figures and keeps the bill', async () => {
    const message = 'Meena Sharma owes ₹1950.00 of a ₹2000.00 limit: ₹50.00 is left';
    sell = async () => refusal(409, 'CREDIT_LIMIT', message);
    const { quantityOf } = await onMeenasKhata();
    fireEvent.click(screen.getByRole('button', { name: /Put on the khata/ }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(heard.toasts).toContain(message);
    expect(quantityOf(tea)).toHaveProperty('value', '1');
    expect(screen.getByRole('group', { name: 'Khata customer' })).toBeTruthy();
  });
});

describe('the Counter screen by the shop’s tax mode', () => {
  it('adds the spec’s 2 % tax line to the bill in the spec’s mode', async () => {
    const { scan, quantityOf } = await openTill();
    scan(tea.barcode!);
    await waitFor(() => expect(quantityOf(tea)).toHaveProperty('value', '1'));
    expect(screen.getByText('Tax (2%)')).toBeDefined();
  });

  it('in a registered shop sells at the shelf prices, and the sale shows its invoice’s number and the GST within', async () => {
    tax = 'regular';
    sell = async () =>
      answer({
        success: true,
        sale: {
          ...aSale(7, 80),
          invoice: { number: 'KS/26-27/7', series: 'INV', date: '2026-12-07', kind: 'tax-invoice' },
          lines: [
            {
              product: tea._id,
              name: 'Tea',
              unit: 'piece',
              quantity: 2,
              unitPrice: 40,
              amount: 80,
              returned: 0,
              hsn: '0902',
              gstRate: 5,
              taxable: 76.19,
              cgst: 1.9,
              sgst: 1.91,
            },
          ],
        },
      });
    const { scan, press, quantityOf } = await openTill();
    scan(tea.barcode!);
    await waitFor(() => expect(quantityOf(tea)).toHaveProperty('value', '1'));
    scan(tea.barcode!);
    await waitFor(() => expect(quantityOf(tea)).toHaveProperty('value', '2'));
    expect(screen.queryByText('Tax (2%)')).toBeNull();

    press('F9');
    await screen.findByRole('heading', { name: 'Bill KS/26-27/7 recorded' });
    expect(saleCalls.map((call) => call.body.amount)).toEqual([80]);
    expect(screen.getByText('incl. GST ₹3.81', { exact: false })).toBeDefined();
  });
});
