import { MESSAGES } from '@kirana/shared';
import type { Page, Response } from '@playwright/test';
import {
  anotherPhone,
  collectCash,
  createAgent,
  deliverAndFindUnderDelivered,
  logInAsAgent,
  NOT_PAIRED,
  orderCard,
  pairPhone,
  placeCodOrder,
  randomPhone,
  rupees,
  toast,
} from './support/agent';
import { agentTexts } from './support/agent-texts';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { logInAsSeller } from './support/seller';

const pathOf = (response: Response) => new URL(response.url()).pathname;

/** The fonts Chromium drew the text of `selector`'s element with (DevTools' "Rendered Fonts"). */
async function fontsDrawing(page: Page, selector: string) {
  const devtools = await page.context().newCDPSession(page);
  try {
    await devtools.send('DOM.enable');
    await devtools.send('CSS.enable');
    const { root } = await devtools.send('DOM.getDocument');
    const { nodeId } = await devtools.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await devtools.detach();
  }
}

test.describe('the delivery agent phone app', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'a phone app, driven by taps: run with --project phone');

  // The whole round in each of the app's languages, chosen from the phone's own.
  for (const [locale, phoneLanguage] of [
    ['en', 'en-IN'],
    ['hi', 'hi-IN'],
  ] as const) {
    test.describe(`on a phone set to ${phoneLanguage}`, () => {
      test.use({ locale: phoneLanguage });

      test('an agent logs in by phone, takes a new order from accepted to delivered, and finds it under Delivered', async ({
        page,
      }, testInfo) => {
        const say = await agentTexts(locale);
        const agent = await createAgent(testInfo);
        const order = await placeCodOrder(testInfo);

        await logInAsAgent(page, agent, say);
        expect(await page.evaluate(() => localStorage.getItem('agentId'))).toBe(agent._id);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(
          page.getByRole('heading', { level: 1, name: say('Active Orders') }),
        ).toBeVisible();

        const card = orderCard(page, order, say);
        await expect(card).toBeVisible();
        await expect(card.getByText(say('Order Placed'), { exact: true })).toBeVisible();
        await expect(card.getByText(rupees(order.amount), { exact: true })).toBeVisible();
        await expect(card.getByText(say('COD'), { exact: true })).toBeVisible();
        await expect(card.getByText(say('Pending'), { exact: true })).toBeVisible();
        await expect(card.getByText(order.customer, { exact: true })).toBeVisible();
        await expect(card.getByText(order.street, { exact: true })).toBeVisible();
        await expect(
          card.getByRole('list', { name: say('Items') }).getByRole('listitem'),
        ).toHaveText(order.items.map(({ name, quantity }) => `${name} × ${quantity}`));
        const call = card.getByRole('link', {
          name: `${say('Call {customer} on', { customer: order.customer })} ${order.phone}`,
        });
        await expect(call).toHaveAttribute('href', `tel:${order.phone}`);
        const map = card.getByRole('link', { name: new RegExp(`^${say('Map')}`) });
        const mapUrl = new URL((await map.getAttribute('href'))!);
        expect(mapUrl.origin + mapUrl.pathname).toBe('https://www.google.com/maps/search/');
        expect(mapUrl.searchParams.get('query')).toContain(order.street);
        await expect(map).toHaveAttribute('target', '_blank');
        await expect(map).toHaveAttribute('rel', /\bnoopener\b/);
        expect(await seriousViolations(page)).toEqual([]);

        await card.getByRole('button', { name: say('Accept') }).tap();
        await expect(toast(page, say('Order accepted'))).toBeVisible();
        await expect(
          page
            .getByRole('region', { name: new RegExp(`^${say('Your deliveries')}`) })
            .getByRole('article', { name: `${say('Order')} ${order.number}` }),
        ).toBeVisible();

        // A double tap on a bike sends the request once: the button is disabled while it runs.
        const statusRequests: string[] = [];
        page.on('request', (request) => {
          if (request.method() === 'PUT' && request.url().includes('/api/agents/status/')) {
            statusRequests.push(request.url());
          }
        });
        const pick = card.getByRole('button', { name: say('Mark Picked') });
        await expect(pick).toBeEnabled();
        const box = (await pick.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(48);
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        await page.touchscreen.tap(x, y);
        await page.touchscreen.tap(x, y);
        const picked = say('Picked');
        await expect(
          toast(page, say('Order status updated to {status}', { status: picked })),
        ).toBeVisible();
        await expect(card.getByText(picked, { exact: true })).toBeVisible();
        expect(statusRequests).toHaveLength(1);
        // …and its second tap did not land on the next step's button (collecting cash).
        await expect(card.getByText(say('Pending'), { exact: true })).toBeVisible();

        // Cash on delivery: the cash is collected before the order may be delivered.
        await collectCash(page, card, order.amount, say);
        await expect(toast(page, say('Payment collected in cash'))).toBeVisible();
        await expect(card.getByText(say('Paid'), { exact: true })).toBeVisible();

        await deliverAndFindUnderDelivered(page, card, order.pin, say);

        await page.getByRole('button', { name: say('Logout') }).tap();
        await expect(toast(page, say('Logged Out'))).toBeVisible();
        await expect(page.getByLabel(say('Phone number'))).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('agentId'))).toBeNull();
      });
    });
  }

  test.describe('on a phone set to Hindi', () => {
    test.use({ locale: 'hi-IN' });

    test('the language follows the phone until the agent switches it, on the login and in the header, and the choice stays', async ({
      page,
      expectFailedRequest,
    }, testInfo) => {
      expectFailedRequest('/api/agents/login', 403);
      const [english, hindi] = await Promise.all([agentTexts('en'), agentTexts('hi')]);
      const agent = await createAgent(testInfo);
      await pairPhone(page, agent);
      await page.goto('/agents');
      await expect(page.getByLabel(hindi('Phone number'))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

      // Before the login: the server's refusal (in English) reads in Hindi.
      await page.getByLabel(hindi('Phone number')).fill(randomPhone());
      await page.getByRole('button', { name: hindi('Login'), exact: true }).tap();
      const refusal = MESSAGES.agentPairedToAnother;
      expect(hindi(refusal)).not.toBe(refusal);
      await expect(page.getByRole('alert').filter({ hasText: hindi(refusal) })).toBeVisible();

      await page.getByRole('button', { name: `${hindi('Switch to')} English` }).tap();
      await expect(page.getByLabel(english('Phone number'))).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.getByLabel(english('Phone number')).fill(agent.phone);
      await page.getByRole('button', { name: english('Login'), exact: true }).tap();
      await expect(
        page.getByRole('heading', { level: 1, name: english('Active Orders') }),
      ).toBeVisible();

      // In the header, once in; kept across a reload, whatever the phone's language.
      await page.getByRole('button', { name: `${english('Switch to')} हिन्दी` }).tap();
      await expect(
        page.getByRole('heading', { level: 1, name: hindi('Active Orders') }),
      ).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: hindi('Agent screens') }).getByRole('link', {
          name: hindi('Delivered Orders'),
        }),
      ).toBeVisible();
      await page.getByRole('button', { name: `${hindi('Switch to')} English` }).tap();
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: english('Active Orders') }),
      ).toBeVisible();
    });
  });

  test("Hindi is drawn in the app's own font on a phone that has none, fetched only where Hindi shows", async ({
    page,
  }, testInfo) => {
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('noto-sans-devanagari')) fontRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
    expect(fontRequests, 'no Devanagari font for a page all in English').toEqual([]);

    const hindi = await agentTexts('hi');
    await logInAsAgent(page, await createAgent(testInfo));
    await page.getByRole('button', { name: 'Switch to हिन्दी' }).tap();
    await expect(
      page.getByRole('heading', { level: 1, name: hindi('Active Orders') }),
    ).toBeVisible();
    expect(fontRequests).toHaveLength(1);
    // The browser tests' machine has no Devanagari font (e2e/support/fonts.conf): the heading's
    // letters come from the product's own font, not from boxes or a font of the machine.
    const heading = hindi('Active Orders');
    const spaces = heading.split(' ').length - 1;
    await expect
      .poll(async () => {
        const fonts = await fontsDrawing(page, '.agent-app h1');
        const own = fonts.find((font) => font.isCustomFont);
        const machine = fonts.filter((font) => !font.isCustomFont);
        return {
          own: own?.familyName,
          // The machine's fonts may draw the spaces between the words, nothing else.
          byMachine: machine.reduce((glyphs, font) => glyphs + font.glyphCount, 0) <= spaces,
        };
      })
      .toEqual({ own: 'Noto Sans Devanagari', byMachine: true });
  });

  test('once one agent accepts an order, another agent no longer sees it, live or at the next refresh', async ({
    page,
    browser,
  }, testInfo) => {
    const [ravi, sunil] = await Promise.all([
      createAgent(testInfo, 'Ravi'),
      createAgent(testInfo, 'Sunil'),
    ]);
    const refreshed = await placeCodOrder(testInfo);
    const raced = await placeCodOrder(testInfo);
    const taken = await placeCodOrder(testInfo);
    const other = await anotherPhone(browser, testInfo);
    // Sunil's phone cannot keep a live connection (a network that blocks it): his list follows
    // only its refreshes, as any phone's does while its socket is down.
    await other.context.route('**/socket.io/**', (route) => route.abort());
    try {
      await logInAsAgent(page, ravi);
      await logInAsAgent(other.page, sunil);
      await expect(
        other.page.getByRole('status').filter({ hasText: 'Reconnecting' }),
      ).toBeVisible();
      for (const order of [refreshed, raced, taken]) {
        await expect(orderCard(page, order)).toBeVisible();
        await expect(orderCard(other.page, order)).toBeVisible();
      }

      // Refreshing the list drops the order Ravi took.
      await orderCard(page, refreshed).getByRole('button', { name: 'Accept' }).tap();
      await expect(toast(page, 'Order accepted')).toBeVisible();
      await other.page.getByRole('button', { name: 'Refresh' }).tap();
      await expect(orderCard(other.page, refreshed)).toHaveCount(0);
      await expect(orderCard(other.page, raced)).toBeVisible();

      // Sunil taps a card Ravi has just taken, before any refresh: the server refuses, and the
      // list is fetched again.
      await orderCard(page, raced).getByRole('button', { name: 'Accept' }).tap();
      // Its own toast, while the first one may still be on its way out.
      await expect(toast(page, 'Order accepted').last()).toBeVisible();
      await expect(
        orderCard(page, raced).getByRole('button', { name: 'Mark Picked' }),
      ).toBeVisible();
      await orderCard(other.page, raced).getByRole('button', { name: 'Accept' }).tap();
      await expect(toast(other.page, 'Order is already assigned to another agent')).toBeVisible();
      await expect(orderCard(other.page, raced)).toHaveCount(0);

      // Ravi's phone is live: the order Sunil takes leaves his list at once, without a refresh.
      await orderCard(other.page, taken).getByRole('button', { name: 'Accept' }).tap();
      await expect(toast(other.page, 'Order accepted')).toBeVisible();
      await expect(orderCard(page, taken)).toHaveCount(0, { timeout: 5_000 });

      await other.page.reload();
      await expect(other.page.getByText(/^Updated /)).toBeVisible();
      await expect(orderCard(other.page, refreshed)).toHaveCount(0);
      await expect(orderCard(other.page, raced)).toHaveCount(0);
      // Ravi still holds both.
      await expect(orderCard(page, refreshed)).toBeVisible();
      await expect(orderCard(page, raced)).toBeVisible();

      const expected = (error: string) => /status of 409 |\/socket\.io\//.test(error);
      expect(other.errors.filter((error) => !expected(error))).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  test('the phone login asks for a number; an unpaired phone is told to ask the shop for an invite', async ({
    page,
    expectFailedRequest,
  }, testInfo) => {
    expectFailedRequest('/api/agents/login', 403);
    const agent = await createAgent(testInfo);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/agents/login')) logins.push(request.method());
    });
    await page.goto('/agents');

    const phone = page.getByLabel('Phone number');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('inputmode', 'tel');
    await expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Login' }).tap();
    await expect(toast(page, 'Phone number required')).toBeVisible();
    expect(logins).toEqual([]);

    // The agent's own number, on a phone the shop never paired.
    await phone.fill(agent.phone);
    await page.getByRole('button', { name: 'Login' }).tap();
    const notice = page.getByRole('alert').filter({ hasText: NOT_PAIRED });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('invite link and its QR code');
    await expect(toast(page, NOT_PAIRED)).toHaveCount(0);
    await expect(phone).toBeVisible();
    expect(logins).toEqual(['POST']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the seller invites an agent from the Agents screen: the link pairs the phone and logs the agent in, works once, and a newer invite unpairs that phone', async ({
    page,
    browser,
    expectFailedRequest,
  }, testInfo) => {
    // Three browsers: the counter's, the agent's phone and another phone.
    test.slow();
    // The phone signed out by the newer invite: its calls and its login are refused.
    expectFailedRequest('/api/agents/login', 403);
    expectFailedRequest('/api/agents/orders/visible', 401);
    const agent = await createAgent(testInfo, 'Invited');
    const counter = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    try {
      await counter.grantPermissions(['clipboard-read', 'clipboard-write']);
      const seller = await counter.newPage();
      await logInAsSeller(seller);
      await seller.goto('/seller/agents');
      const invite = seller
        .getByRole('row')
        .filter({ hasText: agent.name })
        .getByRole('button', { name: `Invite ${agent.name}` });
      const dialog = seller.getByRole('dialog', { name: `Invite ${agent.name}` });
      const linkField = dialog.getByRole('textbox', { name: 'Invite link' });

      await invite.click();
      await expect(dialog).toContainText('signed out');
      await dialog.getByRole('button', { name: 'Create invite link' }).click();
      await expect(linkField).toHaveValue(/\/agents\/join\?code=[\w-]{24}$/);
      const link = await linkField.inputValue();
      await expect(
        dialog.getByRole('img', { name: `QR code of the invite link for ${agent.name}` }),
      ).toBeVisible();
      await expect(dialog).toContainText(/Works once, until /);
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await expect(toast(seller, 'Invite link copied')).toBeVisible();
      expect(await seller.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      // Opened on the agent's phone: paired, and the agent is in.
      await page.goto(link);
      await expect(page.getByRole('banner').getByText(`Hi, ${agent.name}`)).toBeVisible();
      await expect(page).toHaveURL('/agents');
      await expect(page.getByRole('heading', { level: 1, name: 'Active Orders' })).toBeVisible();

      // The link works once: another phone is told so.
      const other = await anotherPhone(browser, testInfo);
      try {
        await other.page.goto(link);
        await expect(
          other.page.getByRole('heading', { level: 1, name: 'This invite cannot be used' }),
        ).toBeVisible();
        await expect(
          other.page.getByText(
            'This invite link has already been used. Ask the shop for a new invite.',
          ),
        ).toBeVisible();
        await other.page.getByRole('button', { name: 'Go to login' }).tap();
        await expect(other.page).toHaveURL('/agents');
        await expect(other.page.getByLabel('Phone number')).toBeVisible();
        expect(other.errors.filter((error) => !/status of 403 /.test(error))).toEqual([]);
      } finally {
        await other.context.close();
      }

      // A newer invite (say, for a new phone) signs this phone out, and it logs in no more.
      await invite.click();
      await dialog.getByRole('button', { name: 'Create invite link' }).click();
      await expect(linkField).not.toHaveValue(link);
      await page.reload();
      await page.getByLabel('Phone number').fill(agent.phone);
      await page.getByRole('button', { name: 'Login' }).tap();
      await expect(page.getByRole('alert').filter({ hasText: NOT_PAIRED })).toBeVisible();
    } finally {
      await counter.close();
    }
  });

  test('an agent screen without authentication shows Unauthorized access, with the login below', async ({
    page,
  }, testInfo) => {
    const agent = await createAgent(testInfo);
    await pairPhone(page, agent);
    await page.goto('/agents/delivered');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Unauthorized access' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Agent screens' })).toHaveCount(0);
    // The seller and the shopper areas' frames never show here.
    await expect(page.getByRole('link', { name: 'All Products' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.getByLabel('Phone number').fill(agent.phone);
    await page.getByRole('button', { name: 'Login' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Delivered Orders' })).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();

    // The start-up check keeps the session across a reload.
    await page.reload();
    await expect(page.getByRole('banner').getByText(`Hi, ${agent.name}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Delivered Orders' })).toBeVisible();
  });

  test('installable: the agent area links its manifest, and its service worker serves the app shell but never /api', async ({
    page,
  }) => {
    await page.goto('/agents');
    await expect(page.getByLabel('Phone number')).toBeVisible();

    const href = await page.locator('head link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/agent-app/manifest.webmanifest');
    const served = await page.request.get(href!);
    expect(served.ok()).toBe(true);
    expect(served.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await served.json()) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Kirana Delivery',
      start_url: '/agents',
      scope: '/agents',
      display: 'standalone',
      theme_color: '#15803d',
    });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((candidate) => candidate.sizes === size);
      expect(icon, `a ${size} icon`).toMatchObject({ type: 'image/png' });
      const image = await page.request.get(icon!.src);
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(new URL('/agents', page.url()).href);

    // Once it controls the page, the app's files come from it, and /api answers never do.
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.reload();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const assets = responses.filter((response) => pathOf(response).startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((response) => !response.fromServiceWorker()).map(pathOf)).toEqual([]);
    const api = responses.filter((response) => pathOf(response).startsWith('/api/'));
    expect(api.map(pathOf)).toContain('/api/agents/is-auth');
    expect(api.filter((response) => response.fromServiceWorker()).map(pathOf)).toEqual([]);

    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    expect(cached).toContain('/agents');
    expect(cached).toContain('/agent-app/icon-512.png');
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

    // The storefront is outside its scope, and has no manifest link.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'All Products' }).first()).toBeAttached();
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    await expect(page.locator('head link[rel="manifest"]')).toHaveCount(0);
  });

  test('offline, the app opens from its cache and says it is retrying; back online it refreshes', async ({
    browser,
  }, testInfo) => {
    const agent = await createAgent(testInfo);
    const phone = await anotherPhone(browser, testInfo);
    const { page, context } = phone;
    try {
      await logInAsAgent(page, agent);
      await expect(page.getByText(/^Updated /)).toBeVisible();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      await context.setOffline(true);
      await expect(page.getByText('Offline — retrying…')).toBeVisible();

      // Opened again without a signal: the shell comes from the cache, the agent is greeted.
      await page.reload();
      await expect(page.getByRole('banner').getByText(`Hi, ${agent.name}`)).toBeVisible();
      await expect(page.getByText('Offline — retrying…')).toBeVisible();

      const order = await placeCodOrder(testInfo);
      await context.setOffline(false);
      await expect(page.getByText('Offline — retrying…')).toBeHidden();
      await expect(orderCard(page, order)).toBeVisible();

      const unexpected = phone.errors.filter(
        (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error),
      );
      expect(unexpected).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
