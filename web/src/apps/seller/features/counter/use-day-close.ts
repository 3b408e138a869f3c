import type { CounterDay } from '@kirana/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { counterMutations } from './mutations';

/**
 * Closing the till's `day`: `start` opens the dialog blank, `dialog` is CloseDayDialog's props.
 * Once closed, the day's figures stay on show until dismissed (then `onDismissed`). Not while
 * `waiting` bills kept on this counter are still to be recorded: the day's cash would miss them
 * (docs/counter.md#the-till-without-a-connection).
 */
export function useDayClose(
  day: CounterDay | null | undefined,
  onDismissed: () => void,
  waiting: number,
) {
  const closing = useMutation(counterMutations.close());
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState<CounterDay | null>(null);
  return {
    start: () => {
      if (waiting > 0) {
        toast.warning(
          `${waiting === 1 ? '1 bill' : `${waiting} bills`} kept on this counter must be recorded before the day closes: they are sent once the connection is back`,
        );
        return;
      }
      setClosed(null);
      setOpen(true);
    },
    dialog: {
      open,
      day: closed ?? day ?? null,
      closed,
      busy: closing.isPending,
      onCloseDay: (countedCash: number, note: string) =>
        closing.mutate(
          { countedCash, ...(note && { note }) },
          { onSuccess: (answer) => setClosed(answer) },
        ),
      onDismiss: () => {
        setOpen(false);
        onDismissed();
      },
    },
  };
}
