import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_LENGTH } from '@walkon/domain/patterns';
import { earlyAccessRequestInput } from '@walkon/domain/schemas';
import { Clock, Sparkles } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';

/** A gated feature's key (server: feature_flags). */
export type FeatureKey = 'restaurant_alerts' | 'lightning_lane';

/** Clicks on the coming-soon title that open the request form (docs/spec/part-2.md §9: "Developer unlock needs 5 title clicks"). */
export const UNLOCK_CLICKS = 5;

/**
 * Shows `children` when the server lets the caller into `feature` (features.status), otherwise the
 * coming-soon screen with the expected launch (docs/spec/part-2.md §2). The visible "Request early access" button, or five
 * clicks on its title (docs/spec/part-2.md §9), open the request-early-access form (docs/DESIGN.md §6: no password in the
 * browser). UX only: every gated procedure checks again.
 */
export function FeatureGate({ feature, description, children }: { feature: FeatureKey; description: string; children: ReactNode }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.features.status.queryOptions({ key: feature }, { staleTime: 30_000 }));
  if (status.isPending) return <Spinner label="Checking access…" />;
  if (status.isError)
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p role="alert" className="text-slate-700">
          Could not check whether this feature is open: {status.error.message}
        </p>
        <Button className="mt-4" variant="secondary" onClick={() => status.refetch()}>
          Try again
        </Button>
      </main>
    );
  if (status.data.allowed) return <>{children}</>;
  return <ComingSoon feature={feature} description={description} {...status.data} />;
}

function ComingSoon({
  feature,
  title,
  launchLabel,
  requestPending,
  description,
}: {
  feature: FeatureKey;
  title: string;
  launchLabel: string | null;
  requestPending: boolean;
  description: string;
}) {
  const [clicks, setClicks] = useState(0);
  const [open, setOpen] = useState(false);
  const titleRef = useRef<HTMLButtonElement>(null);
  const requestRef = useRef<HTMLButtonElement>(null);
  /** Whatever opened the form gets the focus back when it closes. */
  const [returnFocus, setReturnFocus] = useState<React.RefObject<HTMLButtonElement | null>>(titleRef);
  const openFrom = (ref: React.RefObject<HTMLButtonElement | null>) => {
    setReturnFocus(ref);
    setOpen(true);
  };
  const onTitle = () => {
    const next = clicks + 1;
    if (next >= UNLOCK_CLICKS) {
      setClicks(0);
      openFrom(titleRef);
    } else setClicks(next);
  };
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <div className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Sparkles className="h-8 w-8" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        <button ref={titleRef} type="button" onClick={onTitle} className="cursor-default rounded-md focus-visible:outline-2">
          {title}
        </button>
      </h1>
      <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-amber-100 px-4 py-1.5 text-sm font-semibold text-amber-900">
        <Clock className="h-4 w-4" aria-hidden="true" /> {launchLabel ? `Coming soon · Expected launch ${launchLabel}` : 'Early access'}
      </p>
      <p className="mt-6 text-lg text-slate-700">{description}</p>
      {requestPending ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 text-brand-900">
          Your early-access request is waiting for review. We'll let you in as soon as it is approved.
        </p>
      ) : (
        <Button ref={requestRef} className="mt-6" onClick={() => openFrom(requestRef)}>
          Request early access
        </Button>
      )}
      <RequestAccessDialog feature={feature} title={title} open={open} onOpenChange={setOpen} returnFocus={returnFocus} />
    </main>
  );
}

type RequestValues = z.input<typeof earlyAccessRequestInput>;

function RequestAccessDialog({
  feature,
  title,
  open,
  onOpenChange,
  returnFocus,
}: {
  feature: FeatureKey;
  title: string;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  returnFocus: React.RefObject<HTMLButtonElement | null>;
}) {
  const trpc = useTRPC();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<RequestValues, unknown, z.output<typeof earlyAccessRequestInput>>({
    resolver: zodResolver(earlyAccessRequestInput),
    values: { key: feature, email: user?.email ?? '', message: '' },
  });
  const request = useMutation(
    trpc.features.requestAccess.mutationOptions({
      onSuccess: async () => {
        toast.success('Request sent', { description: `We'll review your request for early access to ${title}.` });
        onOpenChange(false);
        await queryClient.invalidateQueries({ queryKey: trpc.features.status.queryKey({ key: feature }) });
      },
      onError: (e) => toast.error('Request failed', { description: e.message }),
    }),
  );
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Request early access" returnFocus={returnFocus}>
      <form className="space-y-4 text-left" noValidate onSubmit={form.handleSubmit((v) => request.mutate(v))}>
        <p className="text-slate-700">
          {title} is being tested with a small group. Leave your e-mail and an admin will open it for your account.
        </p>
        <Field
          label="Email"
          htmlFor="early-access-email"
          error={errors.email?.message}
          hint={user ? 'Early access is opened for the account you are signed in with.' : undefined}
        >
          <Input
            id="early-access-email"
            maxLength={MAX_LENGTH.email}
            type="email"
            autoComplete="email"
            readOnly={Boolean(user)}
            {...form.register('email')}
          />
        </Field>
        <Field label="Anything we should know? (optional)" htmlFor="early-access-message" error={errors.message?.message}>
          <textarea
            id="early-access-message"
            maxLength={MAX_LENGTH.earlyAccessMessage}
            rows={3}
            className="w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base"
            {...form.register('message')}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Request early access'}
        </Button>
      </form>
    </Dialog>
  );
}
