import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { LastSession, loginFor, useSession } from '../session.ts';

/** Renders its children only with a loaded session; a 401 (or a pending MFA) sends the user to /login. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  if (session.isPending && !session.data) {
    return (
      <Center mih="100vh">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (session.isError) {
    if (isApiError(session.error) && session.error.status === 401) {
      // A deep link (a process sent by mail) survives sign-in: the login page brings the person back to it.
      return <Navigate to={loginFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
    }
    return (
      <Center mih="100vh" p="md">
        <QueryError error={session.error} onRetry={() => session.refetch()} />
      </Center>
    );
  }
  return <LastSession value={session.data}>{children}</LastSession>;
}
