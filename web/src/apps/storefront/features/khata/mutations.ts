import { mutationOptions } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { reportFailure } from '../../failure-message';
import { payKhataOnline } from './pay-khata';

type Store = ReturnType<typeof createStore>;

export const khataMutations = {
  /** 'Pay now' on My khata (see `payKhataOnline`; `store` is the page's); a failure says why. */
  pay: (store: Store) =>
    mutationOptions({
      mutationKey: ['khata', 'mine', 'pay'],
      mutationFn: (amount: number, { client }) => payKhataOnline(store, client, amount),
      onError: reportFailure(),
    }),
};
