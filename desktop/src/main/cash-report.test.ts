import { CASH_REPORT_COLUMNS, cashReportAnswerSchema, type CashReportAnswer } from '@kirana/shared';
import { describe, expect, test, vi } from 'vitest';
import { cashReportHtml, printCashReport } from './cash-report.js';
import type { PrintWindow } from './print.js';

const figures = {
  deliveries: 3,
  openingInHand: 100,
  cashCollected: 612.5,
  onlineCollected: 204,
  corrections: -1.25,
  handedOver: 500,
  closingInHand: 211.25,
};

const report: CashReportAnswer = cashReportAnswerSchema.parse({
  success: true,
  date: '2026-11-24',
  agents: [
    {
      agent: { _id: 'a1', name: '<b>Ravi</b> & Co', phone: '+919812345678', removed: false },
      ...figures,
    },
    {
      agent: { _id: 'a2', name: 'Imran', phone: '+919800000000', removed: true },
      ...figures,
      deliveries: 0,
    },
  ],
  totals: { ...figures, deliveries: 3 },
});

describe('the cash report page for the printer', () => {
  test('lists each agent’s figures in rupees, the totals and a line to sign; every text escaped', () => {
    const html = cashReportHtml(report, 'Kirana Stores');
    expect(html).not.toContain('<b>Ravi');
    expect(html).toContain('&lt;b&gt;Ravi&lt;/b&gt; &amp; Co');
    expect(html).toContain('Imran (removed)');
    expect(html).toContain("Kirana Stores: agents' cash");
    expect(html).toContain(
      CASH_REPORT_COLUMNS.map(({ label }) => `<th class="num">${label}</th>`).join(''),
    );
    for (const amount of ['₹100.00', '₹612.50', '₹204.00', '−₹1.25', '₹500.00', '₹211.25'])
      expect(html).toContain(amount);
    expect(html).toMatch(/<tfoot>[\s\S]*Total[\s\S]*<\/tfoot>/);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
  });

  test('prints from a hidden window, which is closed afterwards, and says when it did not', async () => {
    const window = {
      loadURL: vi.fn(async (_url: string) => {}),
      webContents: {
        print: vi.fn<PrintWindow['webContents']['print']>((_options, done) =>
          done(false, 'cancelled'),
        ),
      },
      destroy: vi.fn(),
    } satisfies PrintWindow;
    await expect(printCashReport(report, () => window)).resolves.toEqual({
      printed: false,
      reason: 'cancelled',
    });
    expect(window.loadURL.mock.calls[0]?.[0]).toMatch(/^data:text\/html;charset=utf-8,/);
    expect(window.destroy).toHaveBeenCalledOnce();
  });
});
