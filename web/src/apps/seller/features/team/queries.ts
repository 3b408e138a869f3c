import { SELLER_MESSAGES } from '@kirana/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { failureMessage } from '../../failure-message';
import { reported } from '../../reported';
import { getAgentLedger } from './api/get-agent-ledger';
import { getAgents } from './api/get-agents';
import { getCashReport } from './api/get-cash-report';

/*
 * The delivery team and their cash, under 'seller' (a logout forgets them with the rest): the
 * live stream's `agents:updated` asks them again (see ../../live-feed.ts).
 */
export const teamQueries = {
  /** The delivery team with each agent's status; a failure toasts. */
  agents: () =>
    queryOptions({
      queryKey: ['seller', 'agents'],
      queryFn: ({ signal }) =>
        reported(getAgents(signal), signal, (error) =>
          toast.error(failureMessage(error, SELLER_MESSAGES.loadAgentsFailed)),
        ),
    }),
  /** Every agent's cash figures of `date` (YYYY-MM-DD). */
  cashReport: (date: string) =>
    queryOptions({
      queryKey: ['seller', 'cash', 'report', date],
      queryFn: ({ signal }) => reported(getCashReport(date, signal), signal),
    }),
  /** One agent's cash in hand and latest ledger lines. */
  ledger: (agentId: string) =>
    queryOptions({
      queryKey: ['seller', 'cash', 'ledger', agentId],
      queryFn: ({ signal }) =>
        reported(getAgentLedger(agentId, signal), signal, (error) =>
          console.error('Could not load the ledger', error),
        ),
    }),
};

/** The team changed, or cash moved: the team, the report and any ledger are asked again. */
export const refreshTeamAndCash = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['seller', 'agents'] }),
    client.invalidateQueries({ queryKey: ['seller', 'cash'] }),
  ]);
