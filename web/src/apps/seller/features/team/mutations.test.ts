import { SELLER_MESSAGES, type Agent, type CashReportAnswer } from '@kirana/shared';
import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import type * as DesktopBridge from '../../../../lib/desktop-bridge';
import { queryClient } from '../../../../lib/query-client';
import type { AgentFormValues } from './agent-form';
import { AgentFormProblem, teamMutations } from './mutations';
import { teamQueries } from './queries';

const mocks = vi.hoisted(() => ({
  createAgent: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
  desktop: { printCashReport: vi.fn() },
}));
vi.mock('./api/create-agent', () => ({ createAgent: mocks.createAgent }));
vi.mock('../../../../lib/toast', () => ({ toast: mocks.toast }));
vi.mock('../../../../lib/desktop-bridge', async (real) => ({
  ...(await real<typeof DesktopBridge>()),
  desktop: mocks.desktop,
}));

const addAgent = (values: AgentFormValues) =>
  new MutationObserver(queryClient, teamMutations.addAgent()).mutate(values).then(
    () => null,
    (error: unknown) => error,
  );

beforeEach(() => {
  vi.clearAllMocks();
  queryClient.clear();
});

describe('adding an agent', () => {
  it('refuses an empty field without asking the server, saying so and naming the field', async () => {
    const refusal = await addAgent({ name: '', phone: '98765 43210' });

    expect(mocks.createAgent).not.toHaveBeenCalled();
    expect(refusal).toBeInstanceOf(AgentFormProblem);
    expect((refusal as AgentFormProblem).field).toBe('name');
    expect(mocks.toast.error).toHaveBeenCalledWith(SELLER_MESSAGES.allFieldsRequired);
  });

  it('lists the added agent and toasts the server’s words', async () => {
    const agent = { _id: 'a1', name: 'Ravi' } as Agent;
    queryClient.setQueryData(teamQueries.agents().queryKey, []);
    mocks.createAgent.mockResolvedValue({ success: true, message: 'Agent added', agent });

    await addAgent({ name: 'Ravi', phone: '9876543210' });

    expect(queryClient.getQueryData(teamQueries.agents().queryKey)).toEqual([agent]);
    expect(mocks.toast.success).toHaveBeenCalledWith('Agent added');
  });

  it('toasts the server’s refusal, else the spec’s text', async () => {
    mocks.createAgent.mockRejectedValueOnce(new ApiError('Phone number already in use', 409));
    await addAgent({ name: 'Ravi', phone: '9876543210' });
    mocks.createAgent.mockRejectedValueOnce(new TypeError('fetch failed'));
    await addAgent({ name: 'Ravi', phone: '9876543210' });

    expect(mocks.toast.error.mock.calls).toEqual([
      ['Phone number already in use'],
      [SELLER_MESSAGES.addAgentFailed],
    ]);
  });
});

describe('printing the cash report in the desktop app', () => {
  const report = { date: '2026-12-06' } as CashReportAnswer;
  const print = () =>
    new MutationObserver(queryClient, teamMutations.printCashReport()).mutate(report).then(
      () => 'printed',
      () => 'failed',
    );

  it('hands the report to the desktop app, and says nothing once printed', async () => {
    mocks.desktop.printCashReport.mockResolvedValue({ printed: true });

    expect(await print()).toBe('printed');
    expect(mocks.desktop.printCashReport).toHaveBeenCalledWith(report);
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it('toasts why the desktop app could not print', async () => {
    mocks.desktop.printCashReport.mockResolvedValue({ printed: false, reason: 'No printer' });

    expect(await print()).toBe('failed');
    expect(mocks.toast.error).toHaveBeenCalledWith('No printer');
  });
});
