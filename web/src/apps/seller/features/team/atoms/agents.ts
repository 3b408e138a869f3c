import { SELLER_MESSAGES, type Agent, type AgentInviteAnswer } from '@kirana/shared';
import { atom } from 'jotai';
import { queryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { createAgent } from '../api/create-agent';
import { inviteAgent } from '../api/invite-agent';
import { removeAgent } from '../api/remove-agent';
import { checkAgentForm, type AddAgentResult, type AgentFormValues } from '../agent-form';
import { errorText, failureMessage, isSessionLost } from '../../../failure-message';
import { teamQueries } from '../queries';
import { sessionLostAtom } from '../../../session/seller-auth';

/** The team as the Agents screen lists it, changed by `change` if loaded. */
const changeTeam = (change: (agents: Agent[]) => Agent[]) =>
  queryClient.setQueryData(teamQueries.agents().queryKey, (held) => held && change(held));

/**
 * Adds an agent. An empty field says 'All fields required' without asking the server. Toasts
 * the server's 'Agent added', or its message / 'Failed to add agent'.
 */
export const addAgentAtom = atom(
  null,
  async (_get, set, values: AgentFormValues): Promise<AddAgentResult> => {
    const check = checkAgentForm(values);
    if (!check.ok) {
      toast.error(check.message);
      return { ok: false, field: check.field };
    }
    try {
      const answer = await createAgent(check.body);
      changeTeam((agents) => [...agents.filter((a) => a._id !== answer.agent._id), answer.agent]);
      toast.success(answer.message);
      return { ok: true };
    } catch (error) {
      if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
      else toast.error(failureMessage(error, SELLER_MESSAGES.addAgentFailed));
      return { ok: false };
    }
  },
);

/** Removes an agent (already confirmed). Toasts 'Agent removed', or the server's message / 'Failed to remove agent'. */
export const removeAgentAtom = atom(null, async (_get, set, id: string): Promise<boolean> => {
  try {
    const answer = await removeAgent(id);
    changeTeam((agents) => agents.filter((agent) => agent._id !== id));
    toast.success(answer.message);
    return true;
  } catch (error) {
    if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
    else toast.error(failureMessage(error, SELLER_MESSAGES.removeAgentFailed));
    return false;
  }
});

/** The spec names no text for a failed invite. */
const INVITE_FAILED = 'Failed to create the invite';

/**
 * A new one-time invite for the agent's phone (revoking their earlier phones), or null after
 * toasting the server's message / 'Failed to create the invite'.
 */
export const inviteAgentAtom = atom(
  null,
  async (_get, set, id: string): Promise<AgentInviteAnswer | null> => {
    try {
      return await inviteAgent(id);
    } catch (error) {
      if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
      else toast.error(failureMessage(error, INVITE_FAILED));
      return null;
    }
  },
);
