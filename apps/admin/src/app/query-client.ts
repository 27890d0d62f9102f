import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@gridline/client/errors';

/** Server state. Only server trouble is retried; a 4xx will not change by asking again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => isApiError(error) && error.status >= 500 && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
