import { Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { useReadyInTransition } from '../../../lib/ready-in-transition.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { LastSession, useSession } from '../session.ts';
import { leaveForSignIn } from '../sign-in-address.ts';

function Loading() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Leaves for the sign-in page (a page of its own), which brings the person back to `target`. */
function LeaveForSignIn({ target }: { target: string }) {
  useEffect(() => leaveForSignIn(target), [target]);
  return <Loading />;
}

/** Renders its children only with a loaded session; a 401 (or a pending MFA) sends the user to /login. */
export function SessionGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  // The app's shell and screen first rendered in a transition, in slices (issue 16), when the session arrives while
  // they wait for it; the loader stays until they are ready.
  const shown = useReadyInTransition(session.data !== undefined);
  if (session.isPending && !session.data) return <Loading />;
  if (session.data && !shown) return <Loading />;
  if (session.isError) {
    if (isApiError(session.error) && session.error.status === 401) {
      // A deep link (a process sent by mail) survives sign-in: the login page brings the person back to it.
      return <LeaveForSignIn target={`${location.pathname}${location.search}${location.hash}`} />;
    }
    return (
      <Center mih="100vh" p="md">
        <QueryError error={session.error} onRetry={() => session.refetch()} />
      </Center>
    );
  }
  return <LastSession value={session.data}>{children}</LastSession>;
}
