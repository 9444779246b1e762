import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useSession } from '../session.ts';

/** Renders its children only with a loaded session; a 401 (or a pending MFA) sends the user to /login. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  if (session.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (session.isError) {
    if (isApiError(session.error) && session.error.status === 401) {
      return <Navigate to="/login" replace state={{ from: location.pathname }} />;
    }
    return (
      <Center mih="100vh" p="md">
        <QueryError error={session.error} onRetry={() => session.refetch()} />
      </Center>
    );
  }
  return <>{children}</>;
}
