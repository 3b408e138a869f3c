import type { CounterSale } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../../test/products';
import { emptyTill, showsDone, tillReducer, type TillEvent, type TillState } from './till-reducer';

// ₹40 each, ₹40.80 with tax.
const tea = aProduct({ name: 'Tea', offerPrice: 40 });
const rusk = aProduct({ name: 'Rusk', offerPrice: 40 });
const soap = aProduct({ name: 'Soap', offerPrice: 40, stockCount: 1 });
const UPI = 'kirana.store@okaxis';

const run = (state: TillState, ...events: TillEvent[]) => events.reduce(tillReducer, state);
const scan = (product = tea, quantity = 1): TillEvent[] => [
  { type: 'scanned' },
  { type: 'looked up', product, quantity },
];
const payPressed: TillEvent = { type: 'pay pressed', shop: { upiId: UPI, tax: 'spec' } };
const aSale = (number: number): CounterSale => ({
  _id: `sale-${number}`,
  number,
  invoice: null,
  lines: [],
  subtotal: 40,
  tax: 0.8,
  amount: 40.8,
  payment: 'cash',
  tendered: 50,
  change: 9.2,
  refunded: 0,
  customer: null,
  onKhata: 0,
  paid: null,
  createdAt: '2026-12-07T10:00:00.000Z',
});
const lostAnswer: TillEvent = {
  type: 'sale failed',
  lost: true,
  problem: new Error('unreached'),
  nextKey: 'key-2',
};
const refused = (code: string): TillEvent => ({
  type: 'sale failed',
  code,
  lost: false,
  problem: new Error(code),
  nextKey: 'key-2',
});
const problemOf = (event: TillEvent) => ('problem' in event ? event.problem : undefined);
const lines = (state: TillState) =>
  state.bill.map((line) => [line.product.name, line.quantity] as const);

/** A bill of one tea, its sale being recorded. */
const recordingTea = () => run(emptyTill('key-1'), ...scan(), payPressed);

describe('the till, event by event', () => {
  it('a held bill restored comes back with its key, payment, cash tendered and unanswered try', () => {
    const unanswered = { items: [{ product: tea._id, quantity: 2 }], payment: 'upi' as const };
    const state = run(emptyTill('fresh'), {
      type: 'held bill restored',
      held: {
        bill: [{ product: tea, quantity: 2 }],
        key: 'held',
        payment: 'upi',
        tendered: '',
        unanswered,
      },
    });
    expect(lines(state)).toEqual([['Tea', 2]]);
    expect(state).toMatchObject({ key: 'held', payment: 'upi', unanswered });
  });

  it('a scanned code counts as looked up until its product comes, then it is on the bill', () => {
    const scanned = run(emptyTill('key-1'), { type: 'scanned' });
    expect(scanned.lookups).toBe(1);
    const looked = run(scanned, { type: 'looked up', product: tea, quantity: 2 }, ...scan());
    expect(looked.lookups).toBe(0);
    expect(lines(looked)).toEqual([['Tea', 3]]);
  });

  it('a code no product has leaves the bill as it was', () => {
    const state = run(
      emptyTill('key-1'),
      ...scan(),
      { type: 'scanned' },
      { type: 'lookup failed' },
    );
    expect(state.lookups).toBe(0);
    expect(lines(state)).toEqual([['Tea', 1]]);
  });

  it('a suggestion picked is on the bill; a quantity set changes its line, 0 takes it off', () => {
    const picked = run(
      emptyTill('key-1'),
      { type: 'picked', product: rusk, quantity: 3 },
      ...scan(),
    );
    expect(lines(picked)).toEqual([
      ['Rusk', 3],
      ['Tea', 1],
    ]);
    expect(lines(run(picked, { type: 'quantity set', productId: rusk._id, quantity: 5 }))).toEqual([
      ['Rusk', 5],
      ['Tea', 1],
    ]);
    expect(lines(run(picked, { type: 'quantity set', productId: rusk._id, quantity: 0 }))).toEqual([
      ['Tea', 1],
    ]);
  });

  it('pay pressed records the bill as it stands, with the cash tendered, under the bill’s key', () => {
    const state = run(
      emptyTill('key-1'),
      ...scan(tea, 2),
      { type: 'tendered typed', tendered: '100' },
      payPressed,
    );
    expect(state.recording).toEqual({
      key: 'key-1',
      body: {
        items: [{ product: tea._id, quantity: 2 }],
        payment: 'cash',
        amount: 81.6,
        tendered: 100,
      },
    });
  });

  it('pay pressed records the total by the shop’s mode: a registered shop’s shelf prices, GST within', () => {
    const state = run(emptyTill('key-1'), ...scan(tea, 2), {
      type: 'pay pressed',
      shop: { upiId: UPI, tax: 'regular' },
    });
    expect(state.recording?.body).toEqual({
      items: [{ product: tea._id, quantity: 2 }],
      payment: 'cash',
      amount: 80,
      tendered: 80,
    });
  });

  it('pay pressed does nothing for a bill not ready: empty, short of cash, or UPI without an id', () => {
    const empty = emptyTill('key-1');
    expect(run(empty, payPressed)).toBe(empty);
    const short = run(empty, ...scan(), { type: 'tendered typed', tendered: '10' });
    expect(run(short, payPressed)).toBe(short);
    const upi = run(empty, ...scan(), { type: 'payment chosen', payment: 'upi' });
    expect(
      run(upi, { type: 'pay pressed', shop: { upiId: '', tax: 'spec' } }).recording,
    ).toBeNull();
    expect(run(upi, payPressed).recording?.body.payment).toBe('upi');
  });

  it('pay pressed again while the bill is recorded is not the next bill’s', () => {
    const recording = recordingTea();
    const again = run(recording, ...scan(rusk), payPressed);
    expect(again.recording).toBe(recording.recording);
    expect(again.payAfterLookups).toBeNull();
  });

  it('pay pressed on a bill that sells past a count asks first; back to the bill, then the seller’s word sells it', () => {
    const asked = run(emptyTill('key-1'), ...scan(soap, 2), payPressed);
    expect(asked.askingPastCount).toBe(true);
    expect(asked.recording).toBeNull();
    const declined = run(asked, { type: 'past count declined' });
    expect(declined.askingPastCount).toBe(false);
    expect(lines(declined)).toEqual([['Soap', 2]]);
    const agreed = run(declined, payPressed, { ...payPressed, pastCountAgreed: true });
    expect(agreed.askingPastCount).toBe(false);
    expect(agreed.recording?.body.sellPastCount).toBe(true);
  });

  it('the sale answered shows as done, and the next bill starts empty under a new key, in cash', () => {
    const answered = run(recordingTea(), {
      type: 'sale answered',
      sale: aSale(7),
      nextKey: 'key-2',
    });
    expect(answered).toMatchObject({ recording: null, key: 'key-2', payment: 'cash', bill: [] });
    expect(answered.done?.number).toBe(7);
    expect(showsDone(answered)).toBe(true);
    // The next scan starts the next bill.
    const next = run(answered, ...scan(rusk));
    expect(next.done).toBeNull();
    expect(lines(next)).toEqual([['Rusk', 1]]);
  });

  it('next sale after a sale empties the bill under a new key; not while one is recorded', () => {
    const answered = run(recordingTea(), {
      type: 'sale answered',
      sale: aSale(7),
      nextKey: 'key-2',
    });
    const next = run(answered, { type: 'next sale', nextKey: 'key-3' });
    expect(next).toMatchObject({ done: null, key: 'key-3', bill: [] });
    const recording = recordingTea();
    expect(run(recording, { type: 'next sale', nextKey: 'key-3' })).toBe(recording);
  });

  it('a sale refused with prices moved says so and reads the bill’s products again, which show their new prices', () => {
    const refusal = refused('BILL_CHANGED');
    const failed = run(recordingTea(), refusal);
    expect(failed.recording).toBeNull();
    expect(failed.notice).toEqual({ kind: 'prices changed', problem: problemOf(refusal) });
    expect(failed.refreshing).toMatchObject({ ids: [tea._id], reason: 'BILL_CHANGED' });
    const read = run(failed, { type: 'products read', products: [{ ...tea, offerPrice: 45 }] });
    expect(read.refreshing).toBeNull();
    expect(read.notice).toBeNull();
    expect(read.bill[0]?.product.offerPrice).toBe(45);
    expect(read.key).toBe('key-1');
  });

  it('a sale refused OUT_OF_STOCK asks to sell past the count when the products read say the count is gone', () => {
    const failed = run(emptyTill('key-1'), ...scan(soap), payPressed, refused('OUT_OF_STOCK'));
    expect(failed.notice).toBeNull();
    expect(failed.refreshing?.reason).toBe('OUT_OF_STOCK');
    const gone = { ...soap, stockCount: 0, inStock: false };
    const read = run(failed, { type: 'products read', products: [gone] });
    expect(read.askingPastCount).toBe(true);
    expect(read.bill[0]?.product.stockCount).toBe(0);
  });

  it('a sale refused OUT_OF_STOCK says the refusal when the products read leave nothing to sell past a count', () => {
    const refusal = refused('OUT_OF_STOCK');
    const failed = run(recordingTea(), refusal);
    const unreadable = run(failed, { type: 'products read', products: null });
    expect(lines(unreadable)).toEqual([['Tea', 1]]);
    expect(unreadable.askingPastCount).toBe(false);
    expect(unreadable.notice).toEqual({ kind: 'sale failed', problem: problemOf(refusal) });
  });

  it('a sale failed with another code says it, and keeps the bill and its key for another try', () => {
    const failed = run(recordingTea(), refused('TILL_NOT_OPEN'));
    expect(failed.notice?.kind).toBe('sale failed');
    expect(failed).toMatchObject({
      recording: null,
      key: 'key-1',
      unanswered: null,
      refreshing: null,
    });
    expect(lines(failed)).toEqual([['Tea', 1]]);
    // What it says is said once.
    expect(run(failed, { type: 'tendered typed', tendered: '50' }).notice).toBeNull();
  });

  it('products read with no refusal waiting change nothing', () => {
    const state = run(emptyTill('key-1'), ...scan());
    expect(run(state, { type: 'products read', products: [{ ...tea, offerPrice: 1 }] })).toBe(
      state,
    );
  });
});

describe('the till’s races', () => {
  it('pay pressed while a scanned code is looked up waits for it, and records the bill with the item', () => {
    const waiting = run(
      emptyTill('key-1'),
      ...scan(rusk),
      { type: 'scanned' },
      { type: 'scanned' },
      payPressed,
    );
    expect(waiting.recording).toBeNull();
    const one = run(waiting, { type: 'looked up', product: tea, quantity: 1 });
    expect(one.recording).toBeNull();
    const both = run(one, { type: 'looked up', product: tea, quantity: 1 });
    expect(both.payAfterLookups).toBeNull();
    expect(both.recording?.body.items).toEqual([
      { product: rusk._id, quantity: 1 },
      { product: tea._id, quantity: 2 },
    ]);
  });

  it('pay pressed while a code is looked up that no product has is dropped: the bill is short of it', () => {
    const state = run(emptyTill('key-1'), ...scan(rusk), { type: 'scanned' }, payPressed, {
      type: 'lookup failed',
    });
    expect(state.recording).toBeNull();
    expect(state.payAfterLookups).toBeNull();
    // Another code looked up later does not sell the bill.
    expect(run(state, ...scan()).recording).toBeNull();
  });

  it('scans while a sale is recorded wait for the next bill, and are on it once the sale is answered', () => {
    const recording = run(recordingTea(), ...scan(rusk), {
      type: 'picked',
      product: rusk,
      quantity: 1,
    });
    expect(lines(recording)).toEqual([['Tea', 1]]);
    expect(recording.queued).toEqual([{ product: rusk, quantity: 2 }]);
    const answered = run(recording, { type: 'sale answered', sale: aSale(8), nextKey: 'key-2' });
    expect(lines(answered)).toEqual([['Rusk', 2]]);
    expect(answered.queued).toEqual([]);
    // The sale just made is said beside the next bill.
    expect(answered.done?.number).toBe(8);
    expect(showsDone(answered)).toBe(false);
  });

  it('scans while a sale is recorded join the bill when the sale fails', () => {
    const failed = run(recordingTea(), ...scan(rusk), ...scan(tea), refused('TILL_NOT_OPEN'));
    expect(lines(failed)).toEqual([
      ['Tea', 2],
      ['Rusk', 1],
    ]);
    expect(failed.queued).toEqual([]);
  });

  it('a lost answer keeps the bill, its key and the try; pay again sends the same key', () => {
    const lost = run(recordingTea(), ...scan(rusk), lostAnswer);
    expect(lost).toMatchObject({ recording: null, key: 'key-1' });
    expect(lost.unanswered?.items).toEqual([{ product: tea._id, quantity: 1 }]);
    expect(lost.notice?.kind).toBe('sale failed');
    expect(lines(lost)).toEqual([
      ['Tea', 1],
      ['Rusk', 1],
    ]);
    const again = run(lost, payPressed);
    expect(again.recording?.key).toBe('key-1');
    // A refusal after it (not a lost answer) keeps the try that may have been recorded.
    expect(run(again, refused('TILL_NOT_OPEN')).unanswered).toEqual(lost.unanswered);
  });

  it('a lost answer that was recorded after all: the retry’s key is known, and what the bill held beyond that try, with what was scanned meanwhile, is the next bill', () => {
    const retried = run(recordingTea(), ...scan(rusk), lostAnswer, payPressed, ...scan(tea));
    const known = run(retried, refused('IDEMPOTENCY_KEY_REUSED'));
    expect(known.notice).toEqual({ kind: 'recorded already' });
    expect(lines(known)).toEqual([
      ['Rusk', 1],
      ['Tea', 1],
    ]);
    expect(known).toMatchObject({ key: 'key-2', unanswered: null, recording: null, queued: [] });
    expect(known.done).toBeNull();
  });

  it('a reload while a sale is recorded holds that try: once the bill is edited and paid again, recorded already sells only what that try held', () => {
    const recording = recordingTea();
    expect(recording.unanswered).toBe(recording.recording?.body);
    const { bill, key, payment, tendered, unanswered } = recording;
    const reloaded = run(emptyTill('fresh'), {
      type: 'held bill restored',
      held: { bill, key, payment, tendered, unanswered },
    });
    const known = run(reloaded, ...scan(rusk), payPressed, refused('IDEMPOTENCY_KEY_REUSED'));
    expect(known.notice).toEqual({ kind: 'recorded already' });
    expect(lines(known)).toEqual([['Rusk', 1]]);
    expect(known).toMatchObject({ key: 'key-2', unanswered: null });
  });

  it('the try held is cleared by its answer', () => {
    const answered = run(recordingTea(), {
      type: 'sale answered',
      sale: aSale(9),
      nextKey: 'key-2',
    });
    expect(answered.unanswered).toBeNull();
  });

  it('a retry refused as recorded already with no lost try on the bill leaves the next bill what that try did not sell', () => {
    const held = run(emptyTill('held'), {
      type: 'held bill restored',
      held: {
        bill: [{ product: tea, quantity: 1 }],
        key: 'held',
        payment: 'cash',
        tendered: '',
        unanswered: null,
      },
    });
    const known = run(held, payPressed, ...scan(rusk), refused('IDEMPOTENCY_KEY_REUSED'));
    expect(lines(known)).toEqual([['Rusk', 1]]);
  });
});

describe('the till weighing loose goods, event by event', () => {
  // ₹140 a kilo.
  const onion = aProduct({ name: 'Onion', offerPrice: 140, unit: 'kg', scaleCode: '00042' });
  const milk = aProduct({ name: 'Milk', offerPrice: 60, unit: 'L' });
  const LABEL = '2100042007505';
  const labelScanned = (quantity = 750, code = LABEL): TillEvent[] => [
    { type: 'scanned' },
    { type: 'looked up', product: onion, quantity: 1, label: { code, quantity } },
  ];

  it('a loose product scanned is not on the bill until its weight is typed, then at that weight', () => {
    const asked = run(emptyTill('key-1'), ...scan(onion, 3));
    expect(asked.bill).toEqual([]);
    expect(asked.weighing).toEqual([onion]);
    const weighed = run(asked, { type: 'weight typed', text: '0.75' });
    expect(lines(weighed)).toEqual([['Onion', 750]]);
    expect(weighed).toMatchObject({ weighing: [], weightProblem: null });
    const more = run(
      weighed,
      { type: 'picked', product: onion, quantity: 1 },
      {
        type: 'weight typed',
        text: '1.2kg',
      },
    );
    expect(lines(more)).toEqual([['Onion', 1950]]);
  });

  it('a weight refused says why and keeps asking; another typed then is taken', () => {
    const asked = run(emptyTill('key-1'), { type: 'picked', product: milk, quantity: 1 });
    const refusedWeight = run(asked, { type: 'weight typed', text: '750g' });
    expect(refusedWeight.weightProblem).toBe(
      'This product is sold by volume (L or ml), not weight',
    );
    expect(refusedWeight.weighing).toEqual([milk]);
    expect(refusedWeight.bill).toEqual([]);
    expect(run(asked, { type: 'weight typed', text: '1,5' }).weightProblem).toMatch(/comma/);
    const taken = run(refusedWeight, { type: 'weight typed', text: '500ml' });
    expect(lines(taken)).toEqual([['Milk', 500]]);
    expect(taken.weightProblem).toBeNull();
  });

  it('loose products scanned one after another are asked in turn; one dismissed is not sold', () => {
    const asked = run(emptyTill('key-1'), ...scan(onion), ...scan(milk), ...scan(tea));
    expect(lines(asked)).toEqual([['Tea', 1]]);
    expect(asked.weighing).toEqual([onion, milk]);
    const dismissed = run(asked, { type: 'weighing dismissed' });
    expect(dismissed.weighing).toEqual([milk]);
    const weighed = run(dismissed, { type: 'weight typed', text: '2' });
    expect(lines(weighed)).toEqual([
      ['Tea', 1],
      ['Milk', 2000],
    ]);
    expect(run(weighed, { type: 'weighing dismissed' })).toBe(weighed);
  });

  it('a scale label looked up is on the bill at once at its weight, and sold as the label', () => {
    const state = run(emptyTill('key-1'), ...labelScanned(), ...labelScanned(250, '2100042002500'));
    expect(state.weighing).toEqual([]);
    expect(lines(state)).toEqual([['Onion', 1000]]);
    const paying = run(state, payPressed);
    expect(paying.recording?.body).toMatchObject({
      items: [{ code: LABEL }, { code: '2100042002500' }],
      // 1 kg at ₹140/kg, 2 % tax.
      amount: 142.8,
    });
  });

  it('pay waits for the weight asked: pressed meanwhile it records nothing', () => {
    const asked = run(emptyTill('key-1'), ...scan(tea), ...scan(onion), payPressed);
    expect(asked.recording).toBeNull();
    const weighed = run(asked, { type: 'weight typed', text: '250 g' }, payPressed);
    expect(weighed.recording?.body.items).toEqual([
      { product: tea._id, quantity: 1 },
      { product: onion._id, quantity: 250 },
    ]);
  });

  it('pay pressed while a loose product was looked up is not pressed again once it is asked for', () => {
    const state = run(emptyTill('key-1'), ...scan(tea), { type: 'scanned' }, payPressed, {
      type: 'looked up',
      product: onion,
      quantity: 1,
    });
    expect(state).toMatchObject({ recording: null, payAfterLookups: null, weighing: [onion] });
  });

  it('weighed while the sale is recorded, the line is the next bill’s', () => {
    const state = run(recordingTea(), ...scan(onion), { type: 'weight typed', text: '0.5' });
    expect(lines(state)).toEqual([['Tea', 1]]);
    expect(state.queued.map((line) => [line.product.name, line.quantity])).toEqual([
      ['Onion', 500],
    ]);
  });

  it('a retry refused as recorded already leaves the next bill the labels the lost try did not send', () => {
    const lost = run(emptyTill('key-1'), ...labelScanned(), payPressed, lostAnswer);
    const known = run(
      lost,
      ...labelScanned(250, '2100042002500'),
      payPressed,
      refused('IDEMPOTENCY_KEY_REUSED'),
    );
    expect(known.bill).toEqual([
      { product: onion, quantity: 250, labels: [{ code: '2100042002500', quantity: 250 }] },
    ]);
  });

  it('a sale refused for prices moved reads its price labels again: the bill shows the grams the server reads at the new price', () => {
    // A price label of ₹105 read as 750 g at ₹140/kg; the price is now ₹150/kg: 700 g.
    const refusedSale = run(
      emptyTill('key-1'),
      ...labelScanned(),
      payPressed,
      refused('BILL_CHANGED'),
    );
    expect(refusedSale.refreshing).toMatchObject({ ids: [onion._id], reason: 'BILL_CHANGED' });
    const dearer = { ...onion, offerPrice: 150 };
    const read = run(refusedSale, {
      type: 'products read',
      products: [dearer],
      labels: new Map([[LABEL, 700]]),
    });
    expect(read.bill).toEqual([
      { product: dearer, quantity: 700, labels: [{ code: LABEL, quantity: 700 }] },
    ]);
    // 700 g at ₹150/kg is ₹105, 2 % tax: the total the server will find.
    expect(run(read, payPressed).recording?.body).toMatchObject({
      items: [{ code: LABEL }],
      amount: 107.1,
    });
    // A label not read again keeps its grams.
    const unread = run(refusedSale, { type: 'products read', products: [dearer] });
    expect(unread.bill[0]?.quantity).toBe(750);
  });
});

describe('the till putting a bill on the khata, event by event', () => {
  const meena = {
    _id: 'customer-1',
    name: 'Meena',
    phone: '9876543210',
    balance: 450,
    creditLimit: 2000,
  };
  const onKhata: TillEvent = { type: 'payment chosen', payment: 'khata' };
  const chosen: TillEvent = { type: 'customer chosen', customer: meena };
  // Two teas: ₹81.60.
  const twoTeas = () => run(emptyTill('key-1'), ...scan(tea, 2), onKhata);

  it('a khata bill is not recorded until a customer is chosen; then all of it goes on their khata', () => {
    expect(run(twoTeas(), payPressed).recording).toBeNull();
    const state = run(twoTeas(), chosen, payPressed);
    expect(state.customer).toEqual(meena);
    expect(state.recording).toEqual({
      key: 'key-1',
      body: {
        items: [{ product: tea._id, quantity: 2 }],
        payment: 'khata',
        amount: 81.6,
        customer: meena._id,
      },
    });
  });

  it('a part paid now in cash or by UPI is sent as paid, the rest left to the khata', () => {
    const split = run(twoTeas(), chosen, { type: 'split typed', paid: '50' });
    expect(run(split, payPressed).recording?.body).toMatchObject({
      payment: 'khata',
      customer: meena._id,
      paid: { cash: 50 },
    });
    const byUpi = run(split, { type: 'split paid by', by: 'upi' }, payPressed);
    expect(byUpi.recording?.body.paid).toEqual({ upi: 50 });
    // The cash tendered box is the cash sale's: not sent with the khata.
    expect(byUpi.recording?.body.tendered).toBeUndefined();
  });

  it('a part paid now that leaves nothing for the khata, or is not rupees, or by UPI without an id, records nothing', () => {
    const withCustomer = run(twoTeas(), chosen);
    for (const paid of ['81.60', '100', 'abc', '-5'])
      expect(run(withCustomer, { type: 'split typed', paid }, payPressed).recording).toBeNull();
    const byUpi = run(
      withCustomer,
      { type: 'split typed', paid: '20' },
      { type: 'split paid by', by: 'upi' },
    );
    expect(
      run(byUpi, { type: 'pay pressed', shop: { upiId: '', tax: 'spec' } }).recording,
    ).toBeNull();
    expect(run(byUpi, payPressed).recording).not.toBeNull();
  });

  it('a refusal past the credit limit keeps the bill, the customer and the key, and is shown until the split or the customer changes', () => {
    const refusedState = run(twoTeas(), chosen, payPressed, refused('CREDIT_LIMIT'));
    expect(lines(refusedState)).toEqual([['Tea', 2]]);
    expect(refusedState).toMatchObject({
      key: 'key-1',
      customer: meena,
      recording: null,
      unanswered: null,
      creditRefused: { problem: problemOf(refused('CREDIT_LIMIT')) },
      notice: { kind: 'sale failed' },
    });
    expect(run(refusedState, { type: 'split typed', paid: '40' }).creditRefused).toBeNull();
    expect(run(refusedState, { type: 'customer chosen', customer: null }).creditRefused).toBeNull();
    // Another try, with part paid now, goes under the same key.
    const again = run(refusedState, { type: 'split typed', paid: '40' }, payPressed);
    expect(again.recording).toMatchObject({ key: 'key-1', body: { paid: { cash: 40 } } });
  });

  it('the sale answered starts the next bill in cash, with no customer and nothing paid now', () => {
    const state = run(twoTeas(), chosen, { type: 'split typed', paid: '50' }, payPressed, {
      type: 'sale answered',
      sale: { ...aSale(9), payment: 'khata' },
      nextKey: 'key-2',
    });
    expect(state).toMatchObject({
      key: 'key-2',
      payment: 'cash',
      customer: null,
      split: { paid: '', by: 'cash' },
      creditRefused: null,
    });
    expect(state.done?.number).toBe(9);
  });

  it('a held khata bill comes back with its customer and the part paid now', () => {
    const state = run(emptyTill('fresh'), {
      type: 'held bill restored',
      held: {
        bill: [{ product: tea, quantity: 1 }],
        key: 'held',
        payment: 'khata',
        tendered: '',
        unanswered: null,
        customer: meena,
        split: { paid: '10', by: 'upi' },
      },
    });
    expect(state).toMatchObject({
      payment: 'khata',
      customer: meena,
      split: { paid: '10', by: 'upi' },
    });
  });
});
