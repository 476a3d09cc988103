import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { changeEmailInput, changePasswordInput, deleteAccountInput } from '@walkon/domain/schemas';
import { useState } from 'react';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AccountField, AccountFormCard, useAccountForm } from '../../features/account/AccountForm.tsx';
import { QuietHoursCard } from '../../features/alerts/QuietHours.tsx';
import { refreshSession, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { queryClient, useTRPC } from '../../trpc.ts';

/** Verification status with "Resend verification e-mail". */
function Verification({ email, verified }: { email: string; verified: boolean }) {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () => toast.success('Verification e-mail sent', { description: `Open the link we sent to ${email}.` }),
      onError: (e) => toast.error('Could not send the e-mail', { description: e.message }),
    }),
  );
  return (
    <Card title="E-mail address">
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all font-semibold">{email}</span>
        {verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>}
      </p>
      {verified ? (
        <p className="mt-2 text-sm text-slate-600">Every alert bought for this address shows in your account.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Open the link we e-mailed you to confirm this address. Until then your account shows only the alerts you set up while signed in,
            not those bought earlier for this address.
          </p>
          <Button className="mt-3" variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Resend verification e-mail'}
          </Button>
        </>
      )}
    </Card>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string };

/** Change password (needs the current one; other sessions end). */
function ChangePassword() {
  const trpc = useTRPC();
  const form = useAccountForm<PasswordValues>(changePasswordInput, { currentPassword: '', newPassword: '' });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        form.reset();
        toast.success('Password changed', { description: 'You were signed out on your other devices.' });
      },
    }),
  );
  return (
    <AccountFormCard
      title="Change password"
      onSubmit={form.handleSubmit((v) => change.mutate(v))}
      mutation={change}
      submitText="Change password"
      pendingText="Saving..."
    >
      <AccountField form={form} name="currentPassword" label="Current password" id="current-password" autoComplete="current-password" />
      <AccountField form={form} name="newPassword" label="New password" id="new-password" autoComplete="new-password" />
    </AccountFormCard>
  );
}

/**
 * What the account holds (passes not over yet, watched rides): an e-mail change moves it, a deletion ends it
 * (docs/decisions/024). Said before either is confirmed.
 */
function useHoldings() {
  const trpc = useTRPC();
  return useQuery(trpc.manageAlerts.holdings.queryOptions());
}

function PassList({ passes }: { passes: string[] }) {
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      {passes.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

type EmailValues = { newEmail: string; password: string };

/** Change e-mail: a link goes to the new address; nothing changes until it is opened. */
function ChangeEmail() {
  const trpc = useTRPC();
  const form = useAccountForm<EmailValues>(changeEmailInput, { newEmail: '', password: '' });
  const holdings = useHoldings();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useMutation(
    trpc.auth.requestEmailChange.mutationOptions({
      onSuccess: (_d, v) => {
        setSentTo(v.newEmail);
        form.reset();
      },
    }),
  );
  return (
    <AccountFormCard
      title="Change e-mail address"
      onSubmit={form.handleSubmit((v) => change.mutate(v))}
      mutation={change}
      status={
        sentTo ? (
          <p role="status" className="text-sm text-emerald-800">
            We sent a link to {sentTo}. Your address changes when you open it there (within 24 hours).
          </p>
        ) : null
      }
      submitText="Send confirmation link"
      pendingText="Sending..."
    >
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        When you confirm the new address, everything on this account moves with it: alerts go to the new address, and we tell the old
        address about the change.
        {holdings.data && holdings.data.passes.length > 0 ? (
          <>
            {' '}
            Your passes move too:
            <PassList passes={holdings.data.passes} />
          </>
        ) : null}
      </div>
      <AccountField form={form} name="newEmail" label="New e-mail address" id="new-email" type="email" autoComplete="email" />
      <AccountField form={form} name="password" label="Password" id="email-password" autoComplete="current-password" />
    </AccountFormCard>
  );
}

/** Delete account: password, then a confirm dialog. */
function DeleteAccount() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useAccountForm<{ password: string }>(deleteAccountInput, { password: '' });
  const remove = useMutation(
    trpc.auth.deleteAccount.mutationOptions({
      onSuccess: async () => {
        queryClient.removeQueries();
        await refreshSession().catch(() => undefined);
        toast.success('Account deleted', { description: 'Your account, its passes and its personal data are gone.' });
        await navigate({ to: '/' });
      },
    }),
  );
  const password = form.watch('password');
  const holdings = useHoldings();
  const passes = holdings.data?.passes ?? [];
  const endsPasses = passes.length ? `Your passes end now and their alerts stop: ${passes.join('; ')}. ` : '';
  return (
    <Card title="Delete account" tone="danger">
      <p className="mb-4 text-sm text-slate-700">
        Deletes your account, your sessions, passes, ride selections, alert settings and alert history. Payment records are kept for our
        accounts, without your e-mail address. This cannot be undone.
      </p>
      {passes.length ? (
        <div role="note" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          These passes end when you delete the account, and their alerts stop:
          <PassList passes={passes} />
        </div>
      ) : null}
      <form onSubmit={(e) => e.preventDefault()} noValidate className="space-y-4">
        <AccountField
          form={form}
          name="password"
          label="Password"
          id="delete-password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message ?? remove.error?.message}
        />
        <Confirm
          title="Delete your account?"
          description={`${endsPasses}Your account and its personal data are deleted now. This cannot be undone.`}
          confirmText="Delete account"
          onConfirm={() => void form.handleSubmit((v) => remove.mutate(v))()}
          trigger={
            <Button variant="danger" disabled={remove.isPending || !password}>
              {remove.isPending ? 'Deleting...' : 'Delete account'}
            </Button>
          }
        />
      </form>
    </Card>
  );
}

function AccountPage() {
  const { user, loading } = useSession();
  if (loading || !user) return <Spinner label="Loading your account…" />;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Your account</h1>
      <Verification email={user.email} verified={user.emailVerified} />
      <QuietHoursCard />
      <ChangePassword />
      <ChangeEmail />
      <DeleteAccount />
    </main>
  );
}

export const Route = createFileRoute('/_authed/account')({
  head: pageHead('Your account', 'Verify your e-mail address, change your password or e-mail address, or delete your WalkOn account.'),
  component: AccountPage,
});
