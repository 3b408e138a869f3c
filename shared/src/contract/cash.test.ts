import { describe, expect, it } from 'vitest';
import { agentDaySchema, CASH_REPORT_COLUMNS } from './cash.js';

describe('the cash report’s columns', () => {
  it('show each figure of an agent’s day once, in the order the day adds up', () => {
    const figures = Object.keys(agentDaySchema.shape).filter((key) => key !== 'agent');
    expect(CASH_REPORT_COLUMNS.map((column) => column.key)).toEqual(figures);
  });

  it('are in rupees, but for the count of deliveries', () => {
    expect(
      CASH_REPORT_COLUMNS.filter((column) => !column.money).map((column) => column.key),
    ).toEqual(['deliveries']);
  });
});
