import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { cookieHeader } from './app.js';
import { useTestAppOfItsOwn } from './fixtures.js';
import { placeCodOrder, signInAgent, signInSeller, signUpShopper } from './factories.js';
import { badRequests, FUZZ_ROWS, judge, send, snapshotTables } from './fuzz-requests.js';
import type { FuzzIds, Sender } from './fuzz-rows.js';
import { placeOnlineOrder } from './payments.js';

/** At least this many bad requests a run, spread evenly over the routes. */
const TOTAL_RUNS = 2_000;
const ROUTES = Object.keys(FUZZ_ROWS);
/**
 * FUZZ_ROUTE (e.g. 'GET /api/product/search') fuzzes that route alone, FUZZ_RUNS times
 * (default: its share of the run), to hunt a rare failure of one route:
 * `FUZZ_ROUTE='GET /api/product/search' FUZZ_RUNS=20000 TEST_LOG_LEVEL=error npx vitest run
 * server/src/test/fuzz.test.ts -t 'product/search:' --testTimeout=600000`
 */
const FUZZED = ROUTES.filter(
  (route) => !process.env.FUZZ_ROUTE || route === process.env.FUZZ_ROUTE,
);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS || Math.ceil(TOTAL_RUNS / ROUTES.length));
/** FUZZ_SEED replays a failed run (fast-check prints its seed). */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe('bad requests to every route', () => {
  // A database of its own: the other test files write to the shared one all the while.
  const app = useTestAppOfItsOwn();
  let ids: FuzzIds;
  let cookies: Partial<Record<Sender, string>>;
  let before: Record<string, string>;
  const snapshot = () => snapshotTables((sql) => app.orm.em.fork().getConnection().execute(sql));

  beforeAll(async () => {
    const shopper = await signUpShopper(app);
    const seller = await signInSeller(app);
    const agent = await signInAgent(app);
    const order = await placeCodOrder(app, shopper);
    await agent.http.post('/api/agents/accept').send({ orderId: order }).expect(200);
    const online = await placeOnlineOrder(app, shopper);
    const [address] = (await shopper.http.get('/api/address/get').expect(200)).body.addresses;
    const [product] = (await shopper.http.get('/api/product/list').expect(200)).body.products;
    ids = {
      order,
      address: address._id,
      product: product._id,
      agent: agent.agent.id,
      providerOrder: online.order.id,
    };
    cookies = {
      shopper: cookieHeader(shopper.http),
      seller: cookieHeader(seller.http),
      agent: cookieHeader(agent.http),
    };
    // Sessions are extended at most hourly, so the identities' reads leave them unchanged too.
    before = await snapshot();
  });

  test('every route the app serves has a fuzz row, and every row a route', () => {
    const served = app.routes
      .filter(({ path }) => /^\/(api|payments)\//.test(path))
      .map(({ method, path }) => `${method} ${path}`);
    expect(
      served.filter((route) => !ROUTES.includes(route)),
      'routes with no row in FUZZ_ROWS',
    ).toEqual([]);
    expect(
      ROUTES.filter((route) => !served.includes(route)),
      'rows for routes the app does not serve',
    ).toEqual([]);
  });

  test.each(FUZZED)(
    `%s: ${RUNS_PER_ROUTE} bad requests, each a 4xx or an unchanged read`,
    async (route) => {
      await fc.assert(
        fc.asyncProperty(badRequests(route, ids), async (request) => {
          const failure = judge(route, request, await send(app.url, request, cookies));
          if (failure) throw new Error(failure);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    },
  );

  test('no row of any table changed', async () => {
    expect(await snapshot()).toEqual(before);
  });
});
