import { formatAmount, ORDER_CURRENCY, type Agent } from '@kirana/shared';
import { Button } from '../../../../../common/ui/button';
import { DataTable, dataCell } from '../../../../../common/ui/data-table';
import '../../../ui/status-pill.css';
import './agent-table.css';

interface AgentTableProps {
  agents: readonly Agent[];
  /** Pair the agent's phone: a one-time link and QR code. */
  onInvite: (agent: Agent) => void;
  onRemove: (agent: Agent) => void;
  /** The agent's cash: handovers, corrections, the ledger. */
  onCash: (agent: Agent) => void;
}

/**
 * The delivery team: name, phone, whether each is free or out on a delivery, on or off duty (once
 * a phone is paired), and the cash each holds.
 */
export function AgentTable({ agents, onInvite, onRemove, onCash }: AgentTableProps) {
  return (
    <DataTable caption="Delivery agents">
      <thead>
        <tr>
          <th scope="col">Agent</th>
          <th scope="col" className={dataCell.optional}>
            Phone
          </th>
          <th scope="col" className={dataCell.number}>
            Cash in hand
          </th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {agents.map((agent) => (
          <tr key={agent._id}>
            <th scope="row">
              <span className="seller-agent__name">{agent.name}</span>
              {agent.canSignIn ? (
                <>
                  <span className="seller-agent-status" data-status={agent.status}>
                    {agent.status}
                  </span>
                  <span className="seller-agent-duty" data-on-duty={agent.onDuty}>
                    {agent.onDuty ? 'On duty' : 'Off duty'}
                  </span>
                </>
              ) : (
                // Neither free nor on duty until a phone is paired: Invite pairs it.
                <span className="seller-agent-status" data-status="unpaired">
                  No phone paired yet
                </span>
              )}
            </th>
            <td className={dataCell.optional}>
              <a href={`tel:${agent.phone}`}>{agent.phone}</a>
            </td>
            <td className={dataCell.number}>
              <Button
                type="button"
                look="seller"
                variant="secondary"
                size="small"
                aria-label={`Cash of ${agent.name}: ${formatAmount(agent.cashInHand, ORDER_CURRENCY)} in hand`}
                onClick={() => onCash(agent)}
              >
                {formatAmount(agent.cashInHand, ORDER_CURRENCY)}
              </Button>
            </td>
            <td className={dataCell.actions}>
              <Button
                type="button"
                look="seller"
                variant="secondary"
                size="small"
                aria-label={`Invite ${agent.name}`}
                onClick={() => onInvite(agent)}
              >
                Invite
              </Button>
              <Button
                type="button"
                look="seller"
                size="small"
                variant="danger-outline"
                aria-label={`Remove ${agent.name}`}
                onClick={() => onRemove(agent)}
              >
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
