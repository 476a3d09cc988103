import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { logInInput, signUpInput } from '@walkon/domain/schemas';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { pageHead } from '../components/InfoPage.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Field, Input } from '../components/ui/field.tsx';
import { ensureSession, refreshSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { useTRPC } from '../trpc.ts';

/** Only same-site paths are followed after login (no open redirects). */
export function safeRedirect(target: string | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}

type Values = { fullName: string; email: string; password: string };

function AuthPage() {
  const trpc = useTRPC();
  const { redirect: back, tab: firstTab } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'login' | 'signup'>(firstTab ?? 'login');
  // After a sign-up the page says to check the inbox: the e-mailed link creates the account and signs in
  // (docs/decisions/046), and the answer is the same for an address that has an account.
  const [checkInbox, setCheckInbox] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: { fullName: '', email: '', password: '' },
    resolver: zodResolver((tab === 'login' ? logInInput : signUpInput) as typeof signUpInput) as unknown as Resolver<Values>,
  });
  // Without a page to return to, a log-in goes home and a new account goes to Get Alerts, its first step.
  const done = async (fallback: '/' | '/get-alerts') => {
    // Everything cached while signed out (feature gates, own lists) belongs to the visitor, not this user.
    await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.pathKey() }), refreshSession().catch(() => undefined)]);
    // `href` keeps the target's query string (e.g. /verify-email?token=…).
    await navigate({ href: back ? safeRedirect(back) : fallback, replace: true });
  };
  const logIn = useMutation(
    trpc.auth.logIn.mutationOptions({
      onSuccess: async () => {
        toast.success('Login successful', { description: 'Welcome back!' });
        await done('/');
      },
      onError: (e) => toast.error('Login failed', { description: e.message }),
    }),
  );
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({
      onSuccess: (_data, sent) => {
        setCheckInbox(sent.email.trim().toLowerCase());
        toast.success('Signup successful', { description: 'Check your email for a confirmation link.' });
      },
      onError: (e) => {
        // A guessable password is refused by the server (NIST 800-63B check): show why under the field too.
        if (/^(This )?password/i.test(e.message)) form.setError('password', { message: e.message });
        toast.error('Signup failed', { description: e.message });
      },
    }),
  );
  const onSubmit = form.handleSubmit((v) => {
    if (tab === 'login') logIn.mutate({ email: v.email, password: v.password });
    // The link returns to the page the visitor came from, on whichever device it is opened; without one, a new
    // account starts at Get Alerts, its first step.
    else signUp.mutate({ ...v, next: back ? safeRedirect(back) : '/get-alerts' });
  });
  const errors = form.formState.errors;
  const busy = logIn.isPending || signUp.isPending;

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-3xl font-bold">Welcome to WalkOn</h1>
      {checkInbox ? (
        <div role="status" className="mb-6 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900">
          <p className="font-semibold">Check your e-mail</p>
          <p className="mt-1">
            We sent an e-mail to {checkInbox}. Open the link in it to finish signing up: it signs you in and takes you back to where you
            were. The link works for 24 hours.
          </p>
        </div>
      ) : null}
      <Card>
        <Tabs.Root
          value={tab}
          onValueChange={(v) => {
            setTab(v as 'login' | 'signup');
            form.clearErrors();
          }}
        >
          <Tabs.List aria-label="Login or sign up" className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
            {(['login', 'signup'] as const).map((t) => (
              <Tabs.Trigger
                key={t}
                value={t}
                className="rounded-md py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow"
              >
                {t === 'login' ? 'Login' : 'Sign Up'}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* One panel per tab (each trigger's aria-controls names its panel); the form, shared by both, sits in the active one. */}
          {(['login', 'signup'] as const).map((t) => (
            <Tabs.Content key={t} value={t} forceMount className="data-[state=inactive]:hidden">
              {tab === t ? (
                <form onSubmit={onSubmit} noValidate className="space-y-4">
                  {tab === 'signup' ? (
                    <Field label="Full name" htmlFor="fullName" error={errors.fullName?.message}>
                      <Input id="fullName" maxLength={MAX_LENGTH.fullName} autoComplete="name" {...form.register('fullName')} />
                    </Field>
                  ) : null}
                  <Field label="Email" htmlFor="email" error={errors.email?.message}>
                    <Input id="email" maxLength={MAX_LENGTH.email} type="email" autoComplete="email" {...form.register('email')} />
                  </Field>
                  <Field label="Password" htmlFor="password" error={errors.password?.message}>
                    <Input
                      id="password"
                      maxLength={MAX_LENGTH.password}
                      type="password"
                      autoComplete={tab === 'login' ? 'current-password' : 'new-password'}
                      {...form.register('password')}
                    />
                  </Field>
                  {tab === 'login' ? (
                    <p className="text-right text-sm">
                      <Link to="/reset-password" className="font-semibold text-brand-700 underline">
                        Forgot password?
                      </Link>
                    </p>
                  ) : null}
                  <Button type="submit" className="w-full" disabled={busy}>
                    {tab === 'login' ? (logIn.isPending ? 'Logging in...' : 'Login') : signUp.isPending ? 'Signing up...' : 'Sign Up'}
                  </Button>
                </form>
              ) : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <p className="mt-5 text-center text-xs text-slate-600">
          By continuing you agree to our{' '}
          <Link to={'/terms' as never} className="underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={'/privacy' as never} className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Card>
    </main>
  );
}

export const Route = createFileRoute('/auth')({
  head: pageHead('Login or Sign Up', 'Log in or create a WalkOn account to choose rides and manage your walk-on alerts.'),
  validateSearch: (s: Record<string, unknown>): { redirect?: string; tab?: 'signup' } => ({
    ...(typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
    ...(s.tab === 'signup' ? { tab: 'signup' as const } : {}),
  }),
  beforeLoad: async () => {
    const me = await ensureSession().catch(() => ({ user: null }));
    if (me.user) throw redirect({ to: '/' });
  },
  component: AuthPage,
});
