import 'fake-indexeddb/auto';
import type { CounterDevice, CounterSale } from '@kirana/shared';
import type { IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../lib/api-client';
import { openCounterDb, type CounterDb } from './counter-db';
import {
  dropSale,
  forgetSale,
  keepDevice,
  keepOfflineSale,
  keptDevice,
  markRefused,
  sendAgain,
  waitingSales,
  type MakeSale,
} from './waiting-sales';

const TZ = 'Asia/Kolkata';
// Financial year 26-27, and the next.
const IN_26 = { madeAt: new Date('2026-12-07T05:00:00.000Z'), timeZone: TZ };
const IN_27 = { madeAt: new Date('2027-04-01T05:00:00.000Z'), timeZone: TZ };

let names = 0;
let db: IDBPDatabase<CounterDb>;
let name: string;

beforeEach(async () => {
  names += 1;
  name = `waiting-sales-${names}`;
  db = await openCounterDb(name);
});
afterEach(() => db.close());

const C1: CounterDevice = { series: 'C1', name: 'Front counter', year: 2026, lastNumber: 7 };
const keepDeviceAs = (device: CounterDevice) => db.put('meta', { key: 'device', device });

/** A sale of `key` numbered as given: what the till's offlineSale makes, cut to what matters. */
const saleOf =
  (key: string): MakeSale =>
  (number) => ({
    body: {
      items: [{ product: 'tea', quantity: 1, price: 40 }],
      payment: 'cash',
      offline: { madeAt: IN_26.madeAt.toISOString(), device: 'C1', number },
    },
    sale: { _id: key, number: 0 } as CounterSale,
  });
const numberOf = (sale: { body: { offline?: { number: number } } }) => sale.body.offline?.number;
const keys = async () => (await waitingSales(db)).map((sale) => sale.key);

describe('keeping a sale made offline', () => {
  it('numbers it after the series’ last number on the server, and the next after it', async () => {
    await keepDeviceAs(C1);
    const first = await keepOfflineSale(db, IN_26, saleOf('a'));
    const second = await keepOfflineSale(db, IN_26, saleOf('b'));
    expect([numberOf(first), numberOf(second)]).toEqual([8, 9]);
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(await keys()).toEqual(['a', 'b']);
  });

  it('makes the sale with the device whose series numbers it', async () => {
    await keepDeviceAs(C1);
    const seen: string[] = [];
    await keepOfflineSale(db, IN_26, (number, device) => {
      seen.push(`${device.series}/${number}`);
      return saleOf('a')(number, device);
    });
    expect(seen).toEqual(['C1/8']);
  });

  it('numbers on from its own last number when the server’s is behind it', async () => {
    await keepDeviceAs(C1);
    await db.put('meta', { key: 'numbers', lastByYear: { 2026: 20 } });
    expect(numberOf(await keepOfflineSale(db, IN_26, saleOf('a')))).toBe(21);
  });

  it('starts a new financial year’s numbers at 1', async () => {
    await keepDeviceAs(C1);
    await keepOfflineSale(db, IN_26, saleOf('a'));
    expect(numberOf(await keepOfflineSale(db, IN_27, saleOf('b')))).toBe(1);
    expect(numberOf(await keepOfflineSale(db, IN_26, saleOf('c')))).toBe(9);
  });

  it('never gives two sales kept at once the same number', async () => {
    await keepDeviceAs(C1);
    const kept = await Promise.all(
      ['a', 'b', 'c', 'd'].map((key) => keepOfflineSale(db, IN_26, saleOf(key))),
    );
    expect(new Set(kept.map(numberOf)).size).toBe(4);
    // Numbered and queued in one order.
    const queued = await waitingSales(db);
    expect(queued.map(numberOf)).toEqual([8, 9, 10, 11]);
  });

  it('is not kept, nor a number taken, before the counter has a series', async () => {
    await expect(keepOfflineSale(db, IN_26, saleOf('a'))).rejects.toThrow(/no bill series yet/);
    expect(await keys()).toEqual([]);
  });

  it('takes no number when the sale cannot be made', async () => {
    await keepDeviceAs(C1);
    await expect(
      keepOfflineSale(db, IN_26, () => {
        throw new Error('Plain has no HSN code or GST rate');
      }),
    ).rejects.toThrow('Plain has no HSN code');
    expect(numberOf(await keepOfflineSale(db, IN_26, saleOf('a')))).toBe(8);
  });

  it('refuses past the year’s last number', async () => {
    await keepDeviceAs({ ...C1, lastNumber: 99_999 });
    await expect(keepOfflineSale(db, IN_26, saleOf('a'))).rejects.toThrow(/99999 bill numbers/);
  });

  it('survives the database closed and opened again, as after a crash', async () => {
    await keepDeviceAs(C1);
    await keepOfflineSale(db, IN_26, saleOf('a'));
    db.close();
    db = await openCounterDb(name);
    expect(await keys()).toEqual(['a']);
    expect(numberOf(await keepOfflineSale(db, IN_26, saleOf('b')))).toBe(9);
  });
});

describe('the waiting sales', () => {
  beforeEach(async () => {
    await keepDeviceAs(C1);
    for (const key of ['a', 'b', 'c']) await keepOfflineSale(db, IN_26, saleOf(key));
  });

  it('forgets a sale once recorded, the rest waiting in order', async () => {
    await forgetSale(db, 'b');
    expect(await keys()).toEqual(['a', 'c']);
  });

  it('keeps a refused sale with its reason until sent again', async () => {
    const refusal = { code: 'CONFLICT', message: 'Tea is no longer sold' };
    await markRefused(db, 'b', refusal);
    expect((await waitingSales(db)).map((sale) => sale.refused)).toEqual([null, refusal, null]);
    await sendAgain(db, 'b');
    expect((await db.get('waiting', 'b'))?.refused).toBeNull();
  });

  /** The server's cancel route: `answer` says how it answers; what it was sent, in `sent`. */
  function cancelling(answer: () => Response) {
    const sent: { path: string; body: unknown }[] = [];
    const api = createApiClient({
      fetch: async (input, init) => {
        sent.push({ path: String(input), body: JSON.parse(String(init?.body)) });
        return answer();
      },
    });
    return { api, sent };
  }
  const refusal = { code: 'CONFLICT', message: 'Tea is no longer sold' };

  it('drops a sale on the seller’s word only once refused, its number cancelled on the server first', async () => {
    const { api, sent } = cancelling(() =>
      Response.json({ success: true, message: 'cancelled' }, { status: 201 }),
    );
    await dropSale(db, api, 'b');
    expect(await keys()).toEqual(['a', 'b', 'c']);
    expect(sent).toEqual([]);
    await markRefused(db, 'b', refusal);
    await dropSale(db, api, 'b');
    expect(await keys()).toEqual(['a', 'c']);
    expect(sent).toEqual([
      {
        path: '/api/counter/devices/C1/cancelled',
        body: {
          number: 9,
          madeAt: IN_26.madeAt.toISOString(),
          reason: 'Dropped at the counter: Tea is no longer sold',
        },
      },
    ]);
  });

  it('refuses the drop while the server cannot be reached, or is busy, and keeps the sale', async () => {
    await markRefused(db, 'b', refusal);
    const down = cancelling(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(dropSale(db, down.api, 'b')).rejects.toThrow(
      /cannot be dropped while the store cannot be reached.*Drop it once the connection is back/,
    );
    const busy = cancelling(() =>
      Response.json({ success: false, message: 'busy' }, { status: 500 }),
    );
    await expect(dropSale(db, busy.api, 'b')).rejects.toThrow(/once the connection is back/);
    const ahead = cancelling(() =>
      Response.json(
        { success: false, code: 'INVALID', message: 'madeAt is ahead of the shop’s clock' },
        { status: 400 },
      ),
    );
    await expect(dropSale(db, ahead.api, 'b')).rejects.toThrow(
      'Bill C1/9 was not dropped: madeAt is ahead of the shop’s clock',
    );
    expect(await keys()).toEqual(['a', 'b', 'c']);
  });

  it('forgets a dropped sale whose number is a sale’s on the server already: no gap to cancel', async () => {
    await markRefused(db, 'b', refusal);
    const taken = cancelling(() =>
      Response.json(
        { success: false, code: 'CONFLICT', message: 'KS/C1/26-27/9 is recorded as a sale' },
        { status: 409 },
      ),
    );
    await dropSale(db, taken.api, 'b');
    expect(await keys()).toEqual(['a', 'c']);
  });
});

describe('the counter device', () => {
  /** A fake server answering the device routes: `known` series, the next one registered. */
  function serverOf(known: CounterDevice[]) {
    const asked: string[] = [];
    const api = createApiClient({
      fetch: async (input, init) => {
        const path = String(input);
        asked.push(`${init?.method ?? 'GET'} ${path}`);
        if (init?.method === 'POST') {
          const device = { ...C1, series: `C${known.length + 1}`, lastNumber: 0 };
          known.push(device);
          return Response.json({ success: true, device }, { status: 201 });
        }
        const device = known.find((each) => path.endsWith(`/${each.series}`));
        return device
          ? Response.json({ success: true, device })
          : Response.json(
              { success: false, message: 'No such counter', code: 'NOT_FOUND' },
              { status: 404 },
            );
      },
    });
    return { api, asked };
  }

  it('registers this browser once, then reads its series again', async () => {
    const { api, asked } = serverOf([]);
    expect((await keepDevice(db, api, 'Front counter')).series).toBe('C1');
    expect((await keepDevice(db, api, 'Front counter')).series).toBe('C1');
    expect(asked).toEqual(['POST /api/counter/devices', 'GET /api/counter/devices/C1']);
    expect(await keptDevice(db)).toMatchObject({ series: 'C1' });
  });

  it('takes the series’ last number on the server now', async () => {
    const { api } = serverOf([{ ...C1, lastNumber: 42 }]);
    await keepDeviceAs(C1);
    await keepDevice(db, api, 'Front counter');
    expect(numberOf(await keepOfflineSale(db, IN_26, saleOf('a')))).toBe(43);
  });

  it('registers anew, numbering from 1, when the server no longer knows its series', async () => {
    const { api } = serverOf([C1]);
    await keepDeviceAs({ ...C1, series: 'C9', lastNumber: 30 });
    await db.put('meta', { key: 'numbers', lastByYear: { 2026: 30 } });
    expect((await keepDevice(db, api, 'Front counter')).series).toBe('C2');
    expect(numberOf(await keepOfflineSale(db, IN_26, saleOf('a')))).toBe(1);
  });

  it('keeps the device it has when the server cannot be reached', async () => {
    const api = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await keepDeviceAs(C1);
    await expect(keepDevice(db, api, 'Front counter')).rejects.toMatchObject({ status: 0 });
    expect(await keptDevice(db)).toEqual(C1);
  });
});
