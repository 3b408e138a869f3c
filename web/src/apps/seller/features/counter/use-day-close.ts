import type { CounterDay } from '@kirana/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { counterMutations } from './mutations';

/**
 * Closing the till's `day`: `start` opens the dialog blank, `dialog` is CloseDayDialog's props.
 * Once closed, the day's figures stay on show until dismissed (then `onDismissed`).
 */
export function useDayClose(day: CounterDay | null | undefined, onDismissed: () => void) {
  const closing = useMutation(counterMutations.close());
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState<CounterDay | null>(null);
  return {
    start: () => {
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
