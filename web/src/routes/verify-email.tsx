import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pageHead } from '../components/InfoPage.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { refreshSession, useSession } from '../features/auth/session.ts';
import { trpc } from '../trpc.ts';

/**
 * The target of e-mailed links (verify the address, a purchase receipt's link, confirm a new address): signed
 * in, the link is used once on arrival; signed out, the visitor is asked to log in or sign up and comes back.
 */
function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const { user, loading } = useSession();
  const utils = trpc.useUtils();
  const use = trpc.auth.useEmailLink.useMutation({
    onSuccess: async () => {
      // What the account may see changes with the verified address: drop every cached list.
      await Promise.all([utils.invalidate(), refreshSession().catch(() => undefined)]);
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (!user || !token || started.current) return;
    started.current = true;
    use.mutate({ token });
  }, [user, token, use]);

  const here = `/verify-email?token=${encodeURIComponent(token ?? '')}`;
  let body: React.ReactNode;
  if (!token) body = <p>This link is incomplete. Please open the link from the e-mail again.</p>;
  else if (loading) body = <Spinner label="Checking your session…" />;
  else if (!user)
    body = (
      <>
        <p>Log in or sign up with the e-mail address this link was sent to. We confirm the address right after.</p>
        <Link
          to="/auth"
          search={{ redirect: here }}
          className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Log in or sign up
        </Link>
      </>
    );
  else if (use.isPending || use.isIdle) body = <Spinner label="Confirming your e-mail address…" />;
  else if (use.isError)
    body = (
      <>
        <p role="alert" className="font-medium text-red-700">
          {use.error.message}
        </p>
        <Link to="/account" className="mt-4 inline-block font-semibold underline">
          Go to your account to send a new link
        </Link>
      </>
    );
  else
    body = (
      <>
        <p className="font-semibold text-emerald-800">
          {use.data?.kind === 'email_changed'
            ? `Your account now uses ${use.data.email}.`
            : `Your e-mail address ${use.data?.email} is confirmed.`}
        </p>
        <p className="mt-2">Every alert bought for this address now shows in your account.</p>
        <Link
          to="/manage-alerts"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Manage Alerts
        </Link>
      </>
    );
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-3xl font-bold">Confirm your e-mail address</h1>
      <Card>{body}</Card>
    </main>
  );
}

export const Route = createFileRoute('/verify-email')({
  head: pageHead('Confirm your e-mail address', 'Confirm the e-mail address of your WalkOn account.'),
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: VerifyEmailPage,
});
