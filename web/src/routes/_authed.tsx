import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { ensureSession } from '../lib/session.ts';

/**
 * Protected pages (docs/spec/part-1.md §2): a signed-out visitor goes to /auth?redirect=<here>; a spinner shows while
 * the session resolves. UX only — every procedure re-checks on the server.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location }) => {
    const me = await ensureSession();
    if (!me.user) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { user: me.user };
  },
  pendingComponent: () => <Spinner label="Checking your session…" />,
  component: Outlet,
});
