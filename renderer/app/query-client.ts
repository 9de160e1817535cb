import { QueryClient } from '@tanstack/react-query';
import { AppFailure } from '../bridge.ts';

/**
 * Reads retry once, and only for failures that can pass by themselves (network, timeout);
 * a validation or authentication error will not change by asking again. Writes never retry:
 * a money-moving POST is retried only by a person who has seen the outcome.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          count < 1 && error instanceof AppFailure && (error.error.kind === 'network' || error.error.kind === 'timeout'),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
