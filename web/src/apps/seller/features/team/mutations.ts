import {
  SELLER_MESSAGES,
  type Agent,
  type CashReportAnswer,
  type CorrectionBody,
  type HandoverBody,
} from '@kirana/shared';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { desktop, printedBy } from '../../../../lib/desktop-bridge';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { checkAgentForm, type AgentFormValues } from './agent-form';
import { createAgent } from './api/create-agent';
import { inviteAgent } from './api/invite-agent';
import { recordCashLine } from './api/record-cash-line';
import { removeAgent } from './api/remove-agent';
import { refreshTeamAndCash, teamQueries } from './queries';

/** A handover (cash brought to the counter) or a correction of an agent's cash in hand. */
export type CashEntry =
  { kind: 'handover'; body: HandoverBody } | { kind: 'correction'; body: CorrectionBody };

/** The add-agent form refused before asking the server: why, and the field to fix. */
export class AgentFormProblem extends Error {
  constructor(
    message: string,
    readonly field: keyof AgentFormValues,
  ) {
    super(message);
  }
}

/** The team as the Agents screen lists it, changed by `change` if loaded. */
const changeTeam = (client: QueryClient, change: (agents: Agent[]) => Agent[]) =>
  client.setQueryData(teamQueries.agents().queryKey, (held) => held && change(held));

/** The spec names no text for a failed invite. */
const INVITE_FAILED = 'Failed to create the invite';

export const teamMutations = {
  /**
   * Prints the day's cash report: through the desktop app's printer dialog (a page of its own,
   * with a line for each agent to sign), else the browser's print of the screen. Why the desktop
   * app could not print is toasted.
   */
  printCashReport: () =>
    mutationOptions({
      mutationFn: async (report: CashReportAnswer) => {
        if (desktop) await printedBy(desktop.printCashReport(report));
        else window.print();
      },
      onError: reportFailure(),
    }),
  /**
   * Adds an agent. An empty field says 'All fields required' without asking the server (an
   * `AgentFormProblem`). Toasts the server's 'Agent added', or its message / 'Failed to add agent'.
   */
  addAgent: () =>
    mutationOptions({
      mutationFn: (values: AgentFormValues) => {
        const check = checkAgentForm(values);
        if (!check.ok) throw new AgentFormProblem(check.message, check.field);
        return createAgent(check.body);
      },
      onSuccess: (answer, _values, _context, { client }) => {
        changeTeam(client, (agents) => [
          ...agents.filter((a) => a._id !== answer.agent._id),
          answer.agent,
        ]);
        toast.success(answer.message);
      },
      onError: (error) => {
        if (error instanceof AgentFormProblem) toast.error(error.message);
        else reportFailure(SELLER_MESSAGES.addAgentFailed)(error);
      },
    }),
  /** Removes an agent (already confirmed). Toasts 'Agent removed', or the server's message / 'Failed to remove agent'. */
  removeAgent: () =>
    mutationOptions({
      mutationFn: (id: string) => removeAgent(id),
      onSuccess: (answer, id, _context, { client }) => {
        changeTeam(client, (agents) => agents.filter((agent) => agent._id !== id));
        toast.success(answer.message);
      },
      onError: reportFailure(SELLER_MESSAGES.removeAgentFailed),
    }),
  /**
   * A new one-time invite for the agent's phone (revoking their earlier phones); a failure toasts
   * the server's message / 'Failed to create the invite'.
   */
  inviteAgent: () =>
    mutationOptions({
      mutationFn: (id: string) => inviteAgent(id),
      onError: reportFailure(INVITE_FAILED),
    }),
  /**
   * Writes an entry to an agent's ledger; toasts the server's answer ('Handover of ₹X recorded')
   * or its refusal. The team, the report and the ledger follow.
   */
  recordCash: () =>
    mutationOptions({
      mutationFn: ({ agentId, entry }: { agentId: string; entry: CashEntry }) =>
        recordCashLine(agentId, entry),
      onSuccess: (answer, _asked, _context, { client }) => {
        toast.success(answer.message);
        void refreshTeamAndCash(client);
      },
      onError: (error, { entry }) =>
        reportFailure(
          entry.kind === 'handover'
            ? 'Could not record the handover'
            : 'Could not record the correction',
        )(error),
    }),
};
