import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration (eslint.config.js), run on a file that is not there.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function refusal(filePath: string, from: string): Promise<string | undefined> {
  const code = `import { a } from '${from}';\nexport const b = a;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages.find((message) => message.ruleId === 'no-restricted-imports')?.message;
}

describe('server modules depend in one direction (the lint rule)', () => {
  it.each([
    ['server/src/modules/order/x.ts', '../payment/payment.service.js'],
    ['server/src/modules/order/x.ts', '../cash/cash.service.js'],
    ['server/src/modules/agent/x.ts', '../order/order.entity.js'],
    ['server/src/modules/cash/x.ts', '../payment/payment.service.js'],
    ['server/src/modules/payment/x.ts', '../cash/cash.service.js'],
    ['server/src/modules/payment/sandbox/x.ts', '../../realtime/realtime.server.js'],
  ])(
    'refuses %s importing %s: upward, or a sibling (which could close a cycle)',
    async (file, from) => {
      expect(await refusal(file, from)).toMatch(/modules depend in one direction/);
    },
  );

  it.each([
    ['server/src/modules/agent/x.ts', '../../wiring.js'],
    ['server/src/modules/push/x.ts', '../../config-env.js'],
    ['server/src/modules/order/x.ts', '../../db/orm.js'],
    ['server/src/modules/order/x.ts', '../../test/app.js'],
  ])('refuses %s importing the app that composes it (%s)', async (file, from) => {
    expect(await refusal(file, from)).toMatch(/never the app/);
  });

  it.each([
    ['server/src/lib/x.ts', '../modules/session/session.service.js'],
    ['server/src/lib/x.ts', '../db/entities.js'],
  ])('refuses lib/ importing a module or the app (%s → %s)', async (file, from) => {
    expect(await refusal(file, from)).toMatch(/lib\/ imports no module/);
  });

  it.each([
    ['server/src/modules/payment/x.ts', '../order/order-transitions.js'],
    ['server/src/modules/order/x.ts', '../agent/agent.entity.js'],
    ['server/src/modules/order/x.ts', '../../db/base.js'],
    ['server/src/modules/payment/sandbox/x.ts', '../../order/order.entity.js'],
    ['server/src/lib/x.ts', './errors.js'],
  ])('lets %s import %s, below it', async (file, from) => {
    expect(await refusal(file, from)).toBeUndefined();
  });
});
