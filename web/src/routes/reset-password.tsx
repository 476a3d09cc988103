import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { newPasswordSchema, passwordResetRequestInput } from '@walkon/domain/schemas';
import { useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { pageHead } from '../components/InfoPage.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Field, Input } from '../components/ui/field.tsx';
import { refreshSession } from '../lib/session.ts';
import { useTRPC } from '../trpc.ts';

/** Same rule as sign-up (the one new-password schema), plus the repeat. */
const newPasswordForm = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { message: 'The passwords do not match.', path: ['repeat'] });

/** "Forgot password?": asks for the address; the answer is the same whether or not it has an account. */
function RequestForm() {
  const trpc = useTRPC();
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: zodResolver(passwordResetRequestInput) as unknown as Resolver<{ email: string }>,
  });
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  if (request.isSuccess)
    return (
      <p role="status">
        If an account uses {request.variables?.email}, we sent it a link to choose a new password. It works once, for 1 hour.
      </p>
    );
  return (
    <form onSubmit={form.handleSubmit((v) => request.mutate(v))} noValidate className="space-y-4">
      <p className="text-slate-700">Enter the e-mail address of your account and we send you a link to choose a new password.</p>
      <Field label="Email" htmlFor="reset-email" error={form.formState.errors.email?.message ?? request.error?.message}>
        <Input id="reset-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}

/** The link's target: a new password (twice); every session ends, then the person logs in again. */
function NewPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const form = useForm<{ password: string; repeat: string }>({
    defaultValues: { password: '', repeat: '' },
    resolver: zodResolver(newPasswordForm) as unknown as Resolver<{ password: string; repeat: string }>,
  });
  const queryClient = useQueryClient();
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.pathKey() }), refreshSession().catch(() => undefined)]),
    }),
  );
  if (reset.isSuccess)
    return (
      <div role="status">
        <p className="font-semibold text-emerald-800">Your password is changed. You were signed out everywhere.</p>
        <Link to="/auth" className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
          Log in
        </Link>
      </div>
    );
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((v) => reset.mutate({ token, password: v.password }))} noValidate className="space-y-4">
      <Field label="New password" htmlFor="new-password" error={errors.password?.message}>
        <Input id="new-password" type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Repeat the new password" htmlFor="repeat-password" error={errors.repeat?.message}>
        <Input id="repeat-password" type="password" autoComplete="new-password" {...form.register('repeat')} />
      </Field>
      {reset.error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {reset.error.message}{' '}
          <Link to="/reset-password" className="underline">
            Ask for a new link
          </Link>
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}

/**
 * A link from the e-mail: checked on load, so a used or expired link says so (with the way to a new one) before
 * anybody types a new password.
 */
function ResetWithLink({ token }: { token: string }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.auth.resetLinkStatus.queryOptions({ token }, { retry: false, refetchOnWindowFocus: false }));
  // The first answer decides: once the new password is saved the link is used, and the success must stay shown.
  const first = useRef<boolean | null>(null);
  if (first.current === null && status.data) first.current = status.data.valid;
  if (first.current === null && status.isPending) return <p role="status">Checking your link…</p>;
  if (first.current === false || (first.current === null && status.isError))
    return (
      <div role="alert" className="space-y-4">
        <p className="font-semibold text-red-700">
          {status.isError ? status.error.message : 'This link was already used or has expired. Please ask for a new one.'}
        </p>
        <Link to="/reset-password" className="inline-block rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
          Ask for a new link
        </Link>
      </div>
    );
  return <NewPasswordForm token={token} />;
}

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-3xl font-bold">{token ? 'Choose a new password' : 'Forgot your password?'}</h1>
      <Card>{token ? <ResetWithLink key={token} token={token} /> : <RequestForm />}</Card>
    </main>
  );
}

export const Route = createFileRoute('/reset-password')({
  head: pageHead('Reset your password', 'Get a link to choose a new password for your WalkOn account.'),
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  component: ResetPasswordPage,
});
