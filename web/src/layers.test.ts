import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration (eslint.config.js), run on a file's text: web/src's
// layers (docs/architecture.md#the-web-app).
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** The messages of `rule` on `filePath` (under web/src) holding an import of `from`. */
async function refusals(rule: string, filePath: string, from: string): Promise<string[]> {
  const code = `import { a } from '${from}';\nexport const b = a;\n`;
  const [result] = await eslint.lintText(code, { filePath: `web/src/${filePath}` });
  return (result?.messages ?? []).flatMap((message) =>
    message.ruleId === rule ? [message.message] : [],
  );
}

const zones = (filePath: string, from: string) =>
  refusals('import-x/no-restricted-paths', filePath, from);

describe("web/src's layers (the lint zones)", () => {
  it.each([
    ['apps/agents/x.ts', '../storefront/session/user'],
    ['apps/storefront/features/orders/x.ts', '../../../seller/features/orders/order-list'],
    ['apps/seller/screens/x.tsx', '../../agents/order-lists'],
  ])('refuses %s importing %s: an app never imports another app', async (file, from) => {
    expect(await zones(file, from)).toEqual([expect.stringMatching(/never imports another app/)]);
  });

  it.each([
    ['apps/seller/features/counter/x.ts', '../orders/queries'],
    ['apps/storefront/features/cart/x.ts', '../products/components/product-card'],
    ['apps/agents/features/duty/x.ts', '../orders/order-texts'],
  ])('refuses %s importing %s: a feature never imports a sibling', async (file, from) => {
    expect(await zones(file, from)).toEqual([expect.stringMatching(/never imports a sibling/)]);
  });

  it.each([
    ['apps/seller/features/orders/x.ts', '../../screens/orders-page'],
    ['apps/storefront/features/cart/x.ts', '../../layout/shop-header'],
    ['apps/agents/features/orders/x.ts', '../../live-feed'],
  ])('refuses %s importing %s: what puts the app together', async (file, from) => {
    expect(await zones(file, from)).toEqual([expect.stringMatching(/puts its app together/)]);
  });

  it.each([
    ['common/catalogue/x.ts', '../../apps/storefront/session/user', /never imports an app/],
    ['common/ui/x.tsx', '../../app/providers', /nothing below it imports it/],
    ['lib/x.ts', '../common/shop-settings/use-shop', /lib\/.*imports no app/],
    ['apps/storefront/x.ts', '../../app/routes', /nothing below it imports it/],
  ])('refuses %s importing %s, above it', async (file, from, message) => {
    expect(await zones(file, from)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['apps/seller/features/counter/x.ts', '../../session/seller-auth'],
    ['apps/seller/features/counter/x.ts', '../../ui/qr-code'],
    ['apps/seller/features/counter/x.ts', './queries'],
    ['apps/storefront/features/orders/x.ts', '../../../../common/payments/checkout'],
    ['apps/storefront/screens/x.tsx', '../features/cart/components/cart-link'],
    ['apps/agents/live-feed-x.ts', './features/orders/order-actions'],
    ['app/x.ts', '../apps/seller/routes'],
    ['common/ui/x.tsx', '../../lib/socket'],
  ])('lets %s import %s', async (file, from) => {
    expect(await zones(file, from)).toEqual([]);
  });
});

describe("web/src's imports (the lint's no-cycle)", () => {
  it('refuses an import that closes a cycle: the failure texts importing the report that uses them', async () => {
    // apps/seller/reported.ts imports ./failure-message.
    expect(
      await refusals('import-x/no-cycle', 'apps/seller/failure-message.ts', './reported'),
    ).toEqual([expect.stringMatching(/cycle/i)]);
  });
});
