import { formatAmount, ORDER_CURRENCY } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { MouseEvent } from 'react';
import { navigateAgent } from '../../../agent-path';
import { dutyMutations } from '../mutations';
import { dutyAtom } from '../../../session/session-state';
import { agentQueries } from '../../../queries';
import './shift-bar.css';

/**
 * The agent's shift at a glance, above the orders: the On duty switch (only agents on duty are
 * alerted to new orders) and the cash in hand, which opens the cash screen.
 */
export function ShiftBar({ agentId }: { agentId: string }) {
  const onDuty = useAtomValue(dutyAtom);
  const cash = useQuery(agentQueries.cash(agentId)).data;
  const switchDuty = useMutation(dutyMutations.switchDuty());
  const switching = switchDuty.isPending;

  const toggle = () => {
    if (onDuty !== null) switchDuty.mutate(!onDuty);
  };
  const openCash = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigateAgent('/agents/cash');
  };

  return (
    <section className="agent-shift" aria-label={t`Your shift`}>
      <button
        type="button"
        role="switch"
        aria-checked={onDuty === true}
        aria-describedby="agent-duty-hint"
        className="agent-duty"
        disabled={onDuty === null || switching}
        onClick={toggle}
      >
        <span className="agent-duty__track" aria-hidden="true">
          <span className="agent-duty__thumb" />
        </span>
        <span className="agent-duty__label">{t`On duty`}</span>
      </button>
      <p id="agent-duty-hint" className="agent-shift__hint">
        {onDuty === false ? t`New orders do not alert you.` : t`New orders alert you.`}
      </p>
      <a className="agent-shift__cash" href="/agents/cash" onClick={openCash}>
        <span>{t`Cash in hand`}</span>{' '}
        <strong>{cash ? formatAmount(cash.cashInHand, ORDER_CURRENCY) : '…'}</strong>
      </a>
    </section>
  );
}
