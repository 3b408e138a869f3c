import {
  cashReportQuerySchema,
  correctionBodySchema,
  handoverBodySchema,
  formatAmount,
  idField,
  MESSAGES,
  ORDER_CURRENCY,
  toRupees,
  type AgentCashAnswer,
  type AgentLedgerAnswer,
  type CashReportAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireAgent } from '../agent/require-agent.js';
import { agentOrderAnswer } from '../order/order.presenter.js';
import { markOrderPaidInCash } from './cash-at-the-door.js';
import { agentDayReport } from './cash-report.js';
import {
  cashReportCsv,
  presentCashLine,
  presentCashReport,
  presentWrittenLine,
} from './cash.presenter.js';
import { readAgentLedger, readLedger, recordCorrection, recordHandover } from './cash.service.js';

/**
 * The agents' cash: the agent records cash taken at the door and reads their own; the seller reads any agent's ledger, records
 * handovers and corrections, and reads (or downloads) the day's report.
 */
export function cashRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents' });

  router.get('/cash', async (ctx) => {
    const ledger = await readLedger(ctx.em, await requireAgent(ctx));
    ctx.body = {
      success: true,
      cashInHand: toRupees(ledger.cashInHandPaise),
      lines: ledger.lines.map(presentCashLine),
    } satisfies AgentCashAnswer;
  });

  // The agent took the cash for a cash-on-delivery order at the door.
  router.put('/mark-paid/:orderId', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const orderId = idField('orderId').parse(ctx.params.orderId);
    const order = await markOrderPaidInCash(ctx.em, ctx.events, agentId, orderId);
    ctx.body = agentOrderAnswer(MESSAGES.paidInCash, order, ctx.publicUrl);
  });

  router.get('/report', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { date, format } = cashReportQuerySchema.parse(ctx.query);
    const report = presentCashReport(date, await agentDayReport(ctx.em, date));
    if (format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(`kirana-agents-cash-${date}.csv`);
      ctx.body = cashReportCsv(report);
      return;
    }
    ctx.body = report satisfies CashReportAnswer;
  });

  router.get('/:id/ledger', async (ctx) => {
    await requireSession(ctx, 'seller');
    const id = idField('id').parse(ctx.params.id);
    const { agent, ledger } = await readAgentLedger(ctx.em, id);
    ctx.body = {
      success: true,
      agent: { _id: agent.id, name: agent.name, phone: agent.phone },
      cashInHand: toRupees(ledger.cashInHandPaise),
      lines: ledger.lines.map(presentCashLine),
    } satisfies AgentLedgerAnswer;
  });

  router.post('/:id/handover', async (ctx) => {
    await requireSession(ctx, 'seller');
    const id = idField('id').parse(ctx.params.id);
    const body = handoverBodySchema.parse(ctx.request.body);
    const written = await recordHandover(ctx.em, ctx.events, id, body);
    ctx.status = 201;
    const amount = formatAmount(body.amount, ORDER_CURRENCY);
    ctx.body = presentWrittenLine(`Handover of ${amount} recorded`, written);
  });

  router.post('/:id/correction', async (ctx) => {
    await requireSession(ctx, 'seller');
    const id = idField('id').parse(ctx.params.id);
    const body = correctionBodySchema.parse(ctx.request.body);
    const written = await recordCorrection(ctx.em, ctx.events, id, body);
    ctx.status = 201;
    ctx.body = presentWrittenLine('Correction recorded', written);
  });

  return router;
}
