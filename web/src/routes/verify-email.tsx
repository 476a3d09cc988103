import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pageHead } from '../components/InfoPage.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { refreshSession, useSession } from '../lib/session.ts';
import { useTRPC } from '../trpc.ts';

/**
 * A sign-up link (docs/decisions/046): the account is created, and this browser signed in,
 * only by the button — a mail scanner that opens the link creates nothing. Then the page the sign-up started
 * from opens (`next`, a same-site path the server checked).
 */
function FinishSignUp({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finish = useMutation(
    trpc.auth.finishSignUp.mutationOptions({
      onSuccess: async (r) => {
        onDone();
        // Everything cached before (signed out, or another account) belongs to someone else.
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.pathKey() }), refreshSession().catch(() => undefined)]);
        await navigate({ href: r.next.startsWith('/') && !r.next.startsWith('//') ? r.next : '/', replace: true });
      },
    }),
  );
  return (
    <>
      <p>
        Finish creating your WalkOn account for <strong>{email}</strong>. This confirms the address and signs you in on this device.
      </p>
      <p className="mt-2 text-sm text-slate-600">If you did not sign up, close this page: no account is created.</p>
      {finish.isError ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {finish.error.message}
        </p>
      ) : null}
      <Button className="mt-4 w-full" disabled={finish.isPending || finish.isSuccess} onClick={() => finish.mutate({ token })}>
        {finish.isPending || finish.isSuccess ? 'Signing you in…' : 'Finish signing up'}
      </Button>
    </>
  );
}

/**
 * The target of e-mailed links. A sign-up link still unused offers "Finish signing up" (FinishSignUp), signed in
 * or not. Other links (verify the address, a purchase receipt's link, confirm a new address): signed in, the link
 * is used once on arrival; signed out, the visitor is asked to log in or sign up and comes back.
 */
function VerifyEmailPage() {
  const trpc = useTRPC();
  const { token } = Route.useSearch();
  const signUpLink = useQuery(
    trpc.auth.signUpLink.queryOptions({ token: token ?? '' }, { enabled: Boolean(token), retry: false, staleTime: Infinity }),
  );
  const pendingSignUp = signUpLink.data ?? null;
  const { user, loading: sessionLoading } = useSession();
  const loading = sessionLoading || (Boolean(token) && signUpLink.isPending);
  const queryClient = useQueryClient();
  const use = useMutation(
    trpc.auth.useEmailLink.mutationOptions({
      onSuccess: async () => {
        // What the account may see changes with the verified address: drop every cached list.
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.pathKey() }), refreshSession().catch(() => undefined)]);
      },
    }),
  );
  const started = useRef(false);
  useEffect(() => {
    if (!user || !token || loading || pendingSignUp || started.current) return;
    started.current = true;
    use.mutate({ token });
  }, [user, token, loading, pendingSignUp, use]);

  const here = `/verify-email?token=${encodeURIComponent(token ?? '')}`;
  let body: React.ReactNode;
  if (!token) body = <p>This link is incomplete. Please open the link from the e-mail again.</p>;
  else if (loading) body = <Spinner label="Checking your session…" />;
  else if (pendingSignUp)
    body = (
      <FinishSignUp
        token={token}
        email={pendingSignUp.email}
        onDone={() => {
          // The link did its work: the page does not use it again while it leaves.
          started.current = true;
        }}
      />
    );
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
      <h1 className="mb-6 text-center text-3xl font-bold">{pendingSignUp ? 'Finish signing up' : 'Confirm your e-mail address'}</h1>
      <Card>{body}</Card>
    </main>
  );
}

export const Route = createFileRoute('/verify-email')({
  head: pageHead('Confirm your e-mail address', 'Confirm the e-mail address of your WalkOn account.'),
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: VerifyEmailPage,
});
