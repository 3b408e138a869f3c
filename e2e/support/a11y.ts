import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Violations that would block or badly hinder someone using assistive technology on the
 * seller's or the agent's screens. The toasts are left out: their colours are the app-wide
 * notistack theme's.
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('.notistack-SnackbarContainer').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}
