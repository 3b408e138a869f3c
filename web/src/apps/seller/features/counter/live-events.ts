import type { QueryClient } from '@tanstack/react-query';
import { refreshTill } from './queries';

/** Live `till:updated`: a sale, a return, the day opened or closed, or a handover at the counter. */
export const tillChanged = (client: QueryClient): void => {
  void refreshTill(client);
};
