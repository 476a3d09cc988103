import { zodResolver } from '@hookform/resolvers/zod';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { changeEmailInput, changePasswordInput, deleteAccountInput } from '@walkon/domain/schemas';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Confirm } from '../../components/ui/confirm.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { refreshSession, useSession } from '../../features/auth/session.ts';
import { toast } from '../../lib/toast.ts';
import { queryClient, trpc } from '../../trpc.ts';

/** Verification status with "Resend verification e-mail". */
function Verification({ email, verified }: { email: string; verified: boolean }) {
  const resend = trpc.auth.resendVerification.useMutation({
    onSuccess: () => toast.success('Verification e-mail sent', { description: `Open the link we sent to ${email}.` }),
    onError: (e) => toast.error('Could not send the e-mail', { description: e.message }),
  });
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
  const form = useForm<PasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '' },
    resolver: zodResolver(changePasswordInput) as unknown as Resolver<PasswordValues>,
  });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      form.reset();
      toast.success('Password changed', { description: 'You were signed out on your other devices.' });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card title="Change password">
      <form onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate className="space-y-4">
        <Field label="Current password" htmlFor="current-password" error={errors.currentPassword?.message}>
          <Input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <Field label="New password" htmlFor="new-password" error={errors.newPassword?.message}>
          <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </Field>
        {change.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {change.error.message}
          </p>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}

type EmailValues = { newEmail: string; password: string };

/** Change e-mail: a link goes to the new address; nothing changes until it is opened. */
function ChangeEmail() {
  const form = useForm<EmailValues>({
    defaultValues: { newEmail: '', password: '' },
    resolver: zodResolver(changeEmailInput) as unknown as Resolver<EmailValues>,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = trpc.auth.requestEmailChange.useMutation({
    onSuccess: (_d, v) => {
      setSentTo(v.newEmail);
      form.reset();
    },
  });
  const errors = form.formState.errors;
  return (
    <Card title="Change e-mail address">
      <form onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate className="space-y-4">
        <Field label="New e-mail address" htmlFor="new-email" error={errors.newEmail?.message}>
          <Input id="new-email" type="email" autoComplete="email" {...form.register('newEmail')} />
        </Field>
        <Field label="Password" htmlFor="email-password" error={errors.password?.message}>
          <Input id="email-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        {change.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {change.error.message}
          </p>
        ) : null}
        {sentTo ? (
          <p role="status" className="text-sm text-emerald-800">
            We sent a link to {sentTo}. Your address changes when you open it there (within 24 hours).
          </p>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </form>
    </Card>
  );
}

/** Delete account: password, then a confirm dialog. */
function DeleteAccount() {
  const navigate = useNavigate();
  const form = useForm<{ password: string }>({
    defaultValues: { password: '' },
    resolver: zodResolver(deleteAccountInput) as unknown as Resolver<{ password: string }>,
  });
  const remove = trpc.auth.deleteAccount.useMutation({
    onSuccess: async () => {
      queryClient.removeQueries();
      await refreshSession().catch(() => undefined);
      toast.success('Account deleted', { description: 'Your account and its personal data are gone.' });
      await navigate({ to: '/' });
    },
  });
  const password = form.watch('password');
  return (
    <Card title="Delete account" className="border-red-200">
      <p className="mb-4 text-sm text-slate-700">
        Deletes your account, your sessions, ride selections, alert settings and alert history. Payment records are kept for our accounts,
        without your e-mail address. This cannot be undone.
      </p>
      <form onSubmit={(e) => e.preventDefault()} noValidate className="space-y-4">
        <Field label="Password" htmlFor="delete-password" error={form.formState.errors.password?.message ?? remove.error?.message}>
          <Input id="delete-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Confirm
          title="Delete your account?"
          description="Your account and its personal data are deleted now. This cannot be undone."
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
