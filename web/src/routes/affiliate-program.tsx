import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AFFILIATE_LIMITS, affiliateApplicationInput } from '@walkon/domain/schemas';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { pageHead } from '../components/InfoPage.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CharacterCount, Field, Input, Select } from '../components/ui/field.tsx';
import { toast } from '../lib/toast.ts';
import { useTRPC } from '../trpc.ts';

type FormValues = {
  fullName: string;
  email: string;
  phone: string;
  instagramHandle: string;
  instagramFollowers: string;
  tiktokHandle: string;
  tiktokFollowers: string;
  youtubeChannel: string;
  youtubeSubscribers: string;
  twitterHandle: string;
  twitterFollowers: string;
  primaryPlatform: string;
  contentNiche: string;
  whyJoin: string;
};

const SOCIALS = [
  {
    handle: 'instagramHandle',
    count: 'instagramFollowers',
    label: 'Instagram',
    handleLabel: 'Instagram handle',
    countLabel: 'Instagram followers',
  },
  { handle: 'tiktokHandle', count: 'tiktokFollowers', label: 'TikTok', handleLabel: 'TikTok handle', countLabel: 'TikTok followers' },
  {
    handle: 'youtubeChannel',
    count: 'youtubeSubscribers',
    label: 'YouTube',
    handleLabel: 'YouTube channel',
    countLabel: 'YouTube subscribers',
  },
  {
    handle: 'twitterHandle',
    count: 'twitterFollowers',
    label: 'Twitter/X',
    handleLabel: 'Twitter/X handle',
    countLabel: 'Twitter/X followers',
  },
] as const;

function ThankYou() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-brand-700" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">Thank you for applying!</h1>
      <p className="mt-3 text-lg text-slate-700">
        Our team will reach out within 2-3 business days to talk about the commission structure and payment.
      </p>
      <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 text-left">
        <h2 className="text-xl font-bold">How the program works</h2>
        <p className="mt-2 text-slate-700">
          You share your personal WalkOn link with your audience. When a visitor buys a day pass through it, you earn a commission on that
          sale.
        </p>
        <h2 className="mt-6 text-xl font-bold">Next steps</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
          <li>We review your application and your channels.</li>
          <li>We contact you by e-mail with the terms and your link.</li>
          <li>You start sharing WalkOn with your audience.</li>
        </ol>
      </section>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
        Back to Homepage
      </Link>
    </main>
  );
}

const INTRO_KEY = 'walkon.affiliateIntro';

/** Whether the program's invitation is shown: until "Maybe Later" on this device (localStorage). */
function readIntroShown(): boolean {
  try {
    return typeof localStorage === 'undefined' || localStorage.getItem(INTRO_KEY) !== 'dismissed';
  } catch {
    return true;
  }
}

function AffiliateProgram() {
  const trpc = useTRPC();
  // The invitation sits above the form, never over it; "Maybe Later" folds it away on this device and stays here.
  const [intro, setIntro] = useState(() => readIntroShown());
  const dismissIntro = () => {
    setIntro(false);
    try {
      localStorage.setItem(INTRO_KEY, 'dismissed');
    } catch {
      // storage blocked: folded for this visit only
    }
  };
  const [done, setDone] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(affiliateApplicationInput) as unknown as Resolver<FormValues>,
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      instagramHandle: '',
      instagramFollowers: '',
      tiktokHandle: '',
      tiktokFollowers: '',
      youtubeChannel: '',
      youtubeSubscribers: '',
      twitterHandle: '',
      twitterFollowers: '',
      primaryPlatform: '',
      contentNiche: '',
      whyJoin: '',
    },
  });
  const submit = useMutation(
    trpc.affiliate.submit.mutationOptions({
      onSuccess: () => {
        setDone(true);
        window.scrollTo(0, 0);
      },
      onError: (e) =>
        toast.error('Error', {
          description: e.data?.code === 'BAD_REQUEST' && e.message ? e.message : 'Failed to submit application. Please try again.',
        }),
    }),
  );
  const whyLength = form.watch('whyJoin')?.length ?? 0;
  if (done) return <ThankYou />;
  const errors = form.formState.errors;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Affiliate Program</h1>
      {intro ? (
        <section
          aria-labelledby="aff-intro-title"
          className="mt-4 rounded-2xl border border-brand-100 bg-brand-50 p-5"
          data-testid="affiliate-intro"
        >
          <h2 id="aff-intro-title" className="text-xl font-bold">
            Join Our Affiliate Program
          </h2>
          <p className="mt-1 text-slate-700">
            Share WalkOn with your audience and earn a commission on every day pass they buy through your link.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              onClick={() => {
                document.getElementById('aff-name')?.focus();
              }}
            >
              Learn More &amp; Apply
            </Button>
            <Button variant="secondary" onClick={dismissIntro}>
              Maybe Later
            </Button>
          </div>
        </section>
      ) : null}
      <p className="mt-2 text-slate-700">
        For creators who help theme-park fans plan better days. Tell us about yourself and your channels.
      </p>
      <form
        noValidate
        className="mt-8 space-y-6"
        onSubmit={form.handleSubmit((v) => submit.mutate(v as unknown as Parameters<typeof submit.mutate>[0]))}
      >
        <Card title="Personal Information">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Full name" htmlFor="aff-name" error={errors.fullName?.message}>
              <Input id="aff-name" autoComplete="name" maxLength={AFFILIATE_LIMITS.fullName} {...form.register('fullName')} />
            </Field>
            <Field label="Email" htmlFor="aff-email" error={errors.email?.message}>
              <Input id="aff-email" type="email" autoComplete="email" maxLength={AFFILIATE_LIMITS.email} {...form.register('email')} />
            </Field>
            <Field label="Phone (optional)" htmlFor="aff-phone">
              <Input id="aff-phone" type="tel" autoComplete="tel" maxLength={AFFILIATE_LIMITS.phone} {...form.register('phone')} />
            </Field>
          </div>
        </Card>
        <Card title="Social Media Presence">
          <div className="grid gap-4 sm:grid-cols-2">
            {SOCIALS.map((s) => (
              <div key={s.label} className="contents">
                <Field label={`${s.handleLabel} (optional)`} htmlFor={`aff-${s.handle}`}>
                  <Input
                    id={`aff-${s.handle}`}
                    maxLength={s.handle === 'youtubeChannel' ? AFFILIATE_LIMITS.channel : AFFILIATE_LIMITS.handle}
                    {...form.register(s.handle)}
                  />
                </Field>
                <Field label={s.countLabel} htmlFor={`aff-${s.count}`} error={errors[s.count]?.message}>
                  <Input id={`aff-${s.count}`} type="number" min={0} inputMode="numeric" {...form.register(s.count)} />
                </Field>
              </div>
            ))}
            <Field label="Primary platform" htmlFor="aff-platform" error={errors.primaryPlatform?.message}>
              <Select id="aff-platform" {...form.register('primaryPlatform')}>
                <option value="">Select your primary platform</option>
                <option value="instagram">Instagram</option>
                <option value="tiktok">TikTok</option>
                <option value="youtube">YouTube</option>
                <option value="twitter">Twitter/X</option>
                <option value="other">Other</option>
              </Select>
            </Field>
          </div>
        </Card>
        <Card title="Tell Us More">
          <div className="space-y-4">
            <Field label="Content niche (optional)" htmlFor="aff-niche">
              <Input
                id="aff-niche"
                placeholder="e.g. Disney World family trips"
                maxLength={AFFILIATE_LIMITS.contentNiche}
                {...form.register('contentNiche')}
              />
            </Field>
            <Field label="Why do you want to join?" htmlFor="aff-why" error={errors.whyJoin?.message}>
              <textarea
                id="aff-why"
                rows={4}
                maxLength={AFFILIATE_LIMITS.whyJoin}
                aria-describedby="aff-why-count"
                className="w-full rounded-lg border border-slate-300 p-2"
                {...form.register('whyJoin')}
              />
              <CharacterCount id="aff-why-count" length={whyLength} max={AFFILIATE_LIMITS.whyJoin} />
            </Field>
          </div>
        </Card>
        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </Button>
      </form>
    </main>
  );
}

export const Route = createFileRoute('/affiliate-program')({
  head: pageHead('Affiliate Program', 'Creators: apply to the WalkOn affiliate program and earn a commission on day passes.'),
  component: AffiliateProgram,
});
