import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { OLDEST_NODE, oldNodeAdvice } from './node-version.js';

describe('the Node.js version check', () => {
  test('is the root package.json’s engines', () => {
    const root = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { engines: { node: string } };
    expect(`>=${OLDEST_NODE}`).toBe(`${root.engines.node}.0`);
  });

  test.each(['22.22.0', '22.23.1', '23.0.0', '24.11.1', '30.1.2'])('%s will do', (version) => {
    expect(oldNodeAdvice(version)).toBeNull();
  });

  test.each(['20.20.2', '22.21.9', '22.17.0', '18.0.0', '22.9.0'])(
    '%s gets one line saying what to do',
    (version) => {
      const advice = oldNodeAdvice(version);
      expect(advice).toContain(`Node.js ${OLDEST_NODE} or newer, and this is ${version}`);
      expect(advice).toContain('`npm start`, which fetches Node 24');
      expect(advice?.split('\n')).toHaveLength(1);
    },
  );
});
