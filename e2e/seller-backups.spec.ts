import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { seriousViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { logInAsSeller, toast } from './support/seller';

interface BackupMade {
  backup: { name: string; bytes: number; createdAt: string };
}

const UNITS: Record<string, number> = { byte: 1, bytes: 1, kB: 1e3, MB: 1e6, GB: 1e9 };

/** A size as the screen says it ('812.4 kB'), back in bytes, and how far off its rounding may be. */
function sizeSaid(text: string): { bytes: number; within: number } {
  const [, amount, unit] = /^([\d.,]+) (bytes?|kB|MB|GB)$/.exec(text) ?? [];
  expect(unit, `a size: ${text}`).toBeDefined();
  const scale = UNITS[unit!]!;
  return { bytes: Number(amount!.replace(/,/g, '')) * scale, within: scale / 20 };
}

/** The names of the files inside a .zip. */
async function zipEntries(zip: Buffer): Promise<string[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of file.eachEntry()) names.push(entry.fileName);
  file.close();
  return names;
}

test.describe('the seller’s backups', () => {
  test.skip(({ isMobile }) => isMobile, 'the seller screens are for the counter and laptops');

  test('Back up now writes a backup, listed first with its size, which downloads as the .zip of the shop', async ({
    page,
  }) => {
    await logInAsSeller(page);
    await page
      .getByRole('navigation', { name: 'Seller' })
      .getByRole('link', { name: 'Backups' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
    const last = page.getByRole('region', { name: 'Last backup' });
    await expect(last).toContainText('Written to');
    await expect(last).toContainText(
      /Every \d+ hours? and before each update|Only before each update/,
    );
    await expect(last).toContainText(/The newest \d+|The newest only/);

    // The server's answer held back a moment, so that the busy state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/backups', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const made = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/backups' &&
        response.request().method() === 'POST',
    );

    // From the keyboard.
    const backUp = page.getByRole('button', { name: 'Back up now' });
    await backUp.focus();
    await page.keyboard.press('Enter');
    const busy = page.getByRole('button', { name: 'Backing up…' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Backing up…' })).toHaveCount(1);
    release();

    const answer = await made;
    expect(answer.status()).toBe(201);
    const { backup } = (await answer.json()) as BackupMade;
    await expect(toast(page, 'Backed up')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back up now' })).toHaveAttribute(
      'aria-busy',
      'false',
    );

    // Newest first: the new backup heads the list, written today, with its size.
    const table = page.getByRole('table', { name: 'Backups, newest first' });
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('rowheader')).toHaveText(/^Today, \d{1,2}:\d{2} [ap]m$/);
    const size = (await first.getByRole('cell').first().textContent())!;
    const said = sizeSaid(size);
    expect(Math.abs(said.bytes - backup.bytes)).toBeLessThanOrEqual(said.within);
    await expect(last.getByRole('definition').nth(1)).toHaveText(size);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await seriousViolations(page), 'backups').toEqual([]);

    const downloading = page.waitForEvent('download');
    await first.getByRole('link', { name: /^Download the backup of Today/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(backup.name);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.length).toBe(backup.bytes);
    expect(await zipEntries(zip)).toContain('kirana-backup.json');
  });
});
