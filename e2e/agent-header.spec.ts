import { createAgent, logInAsAgent } from './support/agent';
import { agentTexts } from './support/agent-texts';
import { expect, test } from './support/fixtures';

test.describe('the agent app’s header on a phone', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'a phone app: run with --project phone');

  for (const [locale, phoneLanguage] of [
    ['en', 'en-IN'],
    ['hi', 'hi-IN'],
  ] as const) {
    test.describe(`set to ${phoneLanguage}`, () => {
      test.use({ locale: phoneLanguage });

      test('shows the agent’s whole name beside the alerts, the language and Logout', async ({
        page,
      }, testInfo) => {
        const say = await agentTexts(locale);
        const agent = await createAgent(testInfo, 'Suresh Kumar');
        await logInAsAgent(page, agent, say);
        const header = page.getByRole('banner');
        const greeting = header.getByText(say('Hi, {name}', { name: agent.name }));
        await expect(greeting).toBeVisible();
        // Not cut short: the text needs no more room than it is given.
        expect(
          await greeting.evaluate(
            (element) =>
              element.scrollWidth <= element.clientWidth &&
              element.scrollHeight <= element.clientHeight,
          ),
        ).toBe(true);
        await expect(header.getByRole('button', { name: say('Logout') })).toBeInViewport({
          ratio: 1,
        });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
      });
    });
  }
});
