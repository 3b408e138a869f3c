import { useMutation, useQuery } from '@tanstack/react-query';
import { formatAmount, SELLER_MESSAGES, ORDER_CURRENCY, type Agent } from '@kirana/shared';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import { succeeded } from '../failure-message';
import type { AddAgentResult, AgentFormValues } from '../features/team/agent-form';
import { AgentFormProblem, teamMutations } from '../features/team/mutations';
import { AgentCashDialog } from '../features/team/components/agent-cash-dialog';
import { AgentForm } from '../features/team/components/agent-form';
import { AgentInviteDialog } from '../features/team/components/agent-invite-dialog';
import { AgentTable } from '../features/team/components/agent-table';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { teamQueries } from '../features/team/queries';
import { LoadProblem } from '../ui/load-problem';
import { Alert, Empty, Panel, Section, SellerPage } from '../ui/seller-page';
import './agents-page.css';

/**
 * /seller/agents: the delivery team; add an agent, invite an agent's phone (a one-time link and
 * QR code that pairs it), record the cash an agent hands over, or remove an agent after
 * confirming.
 */
export function AgentsPage() {
  const { data: agents, isError, refetch } = useQuery(teamQueries.agents());
  const addAgent = useMutation(teamMutations.addAgent());
  const removeAgent = useMutation(teamMutations.removeAgent());
  const inviteAgent = useMutation(teamMutations.inviteAgent());

  // The agent asked about stays shown while the dialog closes.
  const [target, setTarget] = useState<Agent | null>(null);
  const [confirming, setConfirming] = useState(false);
  const focusTeamOnClose = useRef(false);
  const teamHeading = useRef<HTMLHeadingElement>(null);
  // Each opening starts the invite dialog afresh (its key), on the agent asked about.
  const [invitee, setInvitee] = useState<Agent | null>(null);
  const [inviting, setInviting] = useState(false);
  const [inviteRound, setInviteRound] = useState(0);
  // The agent whose cash is open, followed live in the team's list.
  const [cashOf, setCashOf] = useState<Agent | null>(null);

  // The removed agent's button is gone; the list's heading takes the focus instead of the page.
  useEffect(() => {
    if (!confirming && focusTeamOnClose.current) {
      focusTeamOnClose.current = false;
      teamHeading.current?.focus();
    }
  }, [confirming]);

  async function confirmRemoval() {
    if (!target) return;
    focusTeamOnClose.current = await succeeded(removeAgent.mutateAsync(target._id));
    setConfirming(false);
  }

  const add = (values: AgentFormValues): Promise<AddAgentResult> =>
    addAgent.mutateAsync(values).then(
      () => ({ ok: true }),
      (error: unknown) => ({
        ok: false,
        field: error instanceof AgentFormProblem ? error.field : undefined,
      }),
    );

  return (
    <SellerPage title="Agents">
      <Panel title="Add an agent">
        <AgentForm onAdd={add} busy={addAgent.isPending} />
      </Panel>

      <Section
        title={
          <>
            Delivery team
            {agents && <span className="seller-count">{agents.length}</span>}
          </>
        }
        titleRef={teamHeading}
      >
        {!agents && isError ? (
          <LoadProblem message={SELLER_MESSAGES.loadAgentsFailed} onRetry={() => void refetch()} />
        ) : !agents ? (
          <Spinner label="Loading the agents…" />
        ) : agents.length === 0 ? (
          <Empty>No agents yet. Add your first delivery agent above.</Empty>
        ) : (
          <AgentTable
            agents={agents}
            onInvite={(agent) => {
              setInvitee(agent);
              setInviteRound((round) => round + 1);
              setInviting(true);
            }}
            onRemove={(agent) => {
              setTarget(agent);
              setConfirming(true);
            }}
            onCash={setCashOf}
          />
        )}
      </Section>

      <AgentCashDialog agent={cashOf} onClose={() => setCashOf(null)} />

      <AgentInviteDialog
        key={inviteRound}
        open={inviting}
        agent={invitee}
        onCreate={(id) => inviteAgent.mutateAsync(id).catch(() => null)}
        onClose={() => setInviting(false)}
      />

      <ConfirmDialog
        open={confirming}
        title="Remove agent"
        confirmLabel="Remove"
        busy={removeAgent.isPending}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setConfirming(false)}
      >
        <p>{SELLER_MESSAGES.confirmRemoveAgent}</p>
        {target && target.cashInHand > 0 && (
          <Alert>
            {target.name} still holds {formatAmount(target.cashInHand, ORDER_CURRENCY)} in cash:
            record the handover first. The cash report keeps listing them until it is handed over.
          </Alert>
        )}
        {target && (
          <p className="seller-muted">
            {target.name} ({target.phone}) will be logged out and their phone unpaired, and any
            order they hold that is not delivered yet goes back to the open pool.
          </p>
        )}
      </ConfirmDialog>
    </SellerPage>
  );
}
