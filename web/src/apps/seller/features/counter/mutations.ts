import type { CounterReturnBody, CounterSaleBody } from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import { apiOf } from '../../../../lib/query-client';
import { reportFailure } from '../../failure-message';
import { lookUpCode } from './api/lookup-code';
import { returnUnits } from './api/return-units';
import { sell } from './api/sell';
import { closeTill, openTill } from './api/till';
import { refreshTill } from './queries';

export const counterMutations = {
  /** The product a scanner's barcode (or a typed code) names; unknown codes are said. */
  lookUp: () =>
    mutationOptions({
      mutationFn: (code: string, { client }) => lookUpCode(apiOf(client), code),
      // Tried whatever the browser thinks of its network: unreached, the till reads the kept
      // catalogue (docs/counter.md#the-till-without-a-connection).
      networkMode: 'always',
    }),
  /**
   * The sale, sent with its bill's key: a retry of the same sale is one sale. The screen says why
   * one fails (a bill sold already, prices moved).
   */
  sell: () =>
    mutationOptions({
      mutationFn: ({ body, key }: { body: CounterSaleBody; key: string }, { client }) =>
        sell(apiOf(client), body, key),
      // Tried whatever the browser thinks of its network: unreached, the sale is kept here.
      networkMode: 'always',
      onSettled: (_sale, _error, _asked, _context, { client }) => refreshTill(client),
    }),
  open: () =>
    mutationOptions({
      mutationFn: (openingFloat: number, { client }) => openTill(apiOf(client), openingFloat),
      onError: reportFailure('The till could not be opened: try again'),
      onSettled: (_day, _error, _asked, _context, { client }) => refreshTill(client),
    }),
  close: () =>
    mutationOptions({
      mutationFn: (body: { countedCash: number; note?: string }, { client }) =>
        closeTill(apiOf(client), body),
      onError: reportFailure('The day could not be closed: try again'),
      onSettled: (_day, _error, _asked, _context, { client }) => refreshTill(client),
    }),
  giveBack: () =>
    mutationOptions({
      mutationFn: (
        { saleId, body, key }: { saleId: string; body: CounterReturnBody; key: string },
        { client },
      ) => returnUnits(apiOf(client), saleId, body, key),
      onError: reportFailure('The return could not be recorded: try again'),
      onSettled: (_answer, _error, _asked, _context, { client }) => refreshTill(client),
    }),
};
