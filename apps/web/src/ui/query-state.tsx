import type { ReactNode } from 'react';
import { QueryError } from './query-error.tsx';

/** What QueryState needs of a TanStack query. */
interface RetryableQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryStateProps {
  /** One query, or several loaded together (the first failure is shown, retry refetches them all). */
  query: RetryableQuery | readonly RetryableQuery[];
  children: ReactNode;
}

/** The error state (with "Réessayer") of one or more queries, else the content. */
export function QueryState({ query, children }: QueryStateProps) {
  const queries: readonly RetryableQuery[] = Array.isArray(query) ? query : [query];
  const failed = queries.find((q) => q.isError);
  if (!failed) return <>{children}</>;
  return (
    <QueryError
      error={failed.error}
      onRetry={() => {
        for (const q of queries) void q.refetch();
      }}
    />
  );
}
