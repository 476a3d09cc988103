import { createFileRoute, Link } from '@tanstack/react-router';
import { formatUsd } from '@walkon/domain/money';
import { EMAIL_PRICE_CENTS, LIGHTNING_LANE_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import {
  DEFAULT_DAILY_CAPS,
  DEFAULT_THRESHOLD_MINUTES,
  FRESHNESS_MINUTES,
  THRESHOLD_MAX_MINUTES,
  THRESHOLD_MIN_MINUTES,
} from '@walkon/domain/rules/alerts';
import { RULE_BOOK_SUMMARY } from '@walkon/domain/rules/ruleBook';
import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';

/** The twelve questions (docs/spec/part-1.md §1 facts: independent, public data only, no bookings, prices, refunds). */
const FAQ: { q: string; a: string }[] = [
  {
    q: 'What does WalkOn do?',
    a: `WalkOn watches the live standby waits of the rides you pick and e-mails or texts you the moment one is walk-on or short: a standby wait of ${DEFAULT_THRESHOLD_MINUTES} minutes or less by default, or the threshold you set for that ride (${THRESHOLD_MIN_MINUTES} to ${THRESHOLD_MAX_MINUTES} minutes). Turn on “Alerts on this phone” (Get Alerts or Manage Alerts) and each alert also arrives as a notification on your phone's lock screen. On iPhone and iPad that needs iOS 16.4 or later and WalkOn on the Home Screen (in Safari: Share, then Add to Home Screen, then open WalkOn from its icon); until then your alerts come by e-mail.`,
  },
  {
    q: 'Is WalkOn part of Disney, Universal or any park operator?',
    a: 'No. WalkOn is an independent service and is not affiliated with, endorsed by or connected to any park operator.',
  },
  {
    q: 'Where do the wait times come from?',
    a: 'Only from public wait-time data, read through ThemeParks.wiki every 60 seconds. We never log in to a park account.',
  },
  {
    q: 'Does WalkOn book rides, Lightning Lanes or dining for me?',
    a: `No real bookings, ever. Ride alerts tell you when a line is short; you walk over and ride. Lightning Lane Assist (${formatUsd(LIGHTNING_LANE_PRICE_CENTS)} per day) shows live return times and picks the Lightning Lane you would book, but its bookings are simulated: no real Lightning Lane or dining is booked for you.`,
  },
  {
    q: 'How much does it cost?',
    a: `SMS alerts cost ${formatUsd(SMS_PRICE_CENTS)} per day for each date you choose. E-mail alerts cost ${formatUsd(EMAIL_PRICE_CENTS)} per day, and are free for one day with a valid promo code. Notifications on your phone (push) are free with any day pass and need no phone number.`,
  },
  { q: 'How long does a day pass last?', a: 'A day pass covers the park day you chose, in the park’s own time zone.' },
  { q: 'Can I get a refund?', a: 'Generally no refund is given once the service day has begun. Before that, contact us and we will help.' },
  {
    q: 'How often will I be alerted?',
    a: `When a watched, operating ride drops to its threshold (${DEFAULT_THRESHOLD_MINUTES} minutes by default; set ${THRESHOLD_MIN_MINUTES}–${THRESHOLD_MAX_MINUTES} minutes per ride on Get Alerts or Manage Alerts). You hear about it on the drop, not again while it stays short — unless you turn on “Remind me every hour while it stays short” for that ride — and never for the same ride twice within an hour. Rides that drop at the same check come together in one message, you can ask for a back-in-service alert when a ride reopens after a breakdown, and a daily cap per person (by default ${DEFAULT_DAILY_CAPS.sms} texts and ${DEFAULT_DAILY_CAPS.email} e-mails) keeps it sensible.`,
  },
  {
    q: 'What if the wait data is out of date?',
    a: `A park's data counts only while its feed is live: if nothing in the park's feed has changed for ${FRESHNESS_MINUTES} minutes, every wait there is treated as stale and never triggers an alert, and neither does a ride whose wait was last confirmed on an earlier day. A ride whose wait simply has not changed for a while is still live. ${RULE_BOOK_SUMMARY}`,
  },
  {
    q: 'Do I need an account?',
    a: 'You need an account to choose rides and manage your alerts; your alerts go to the e-mail address of your account. To sign up, give your name, e-mail address and a password: we e-mail you a link, and opening it creates the account and signs you in.',
  },
  {
    q: 'How do I stop alerts?',
    a: 'Use Stop Alerts on the Get Alerts page, switch a park off in Manage Alerts, click the unsubscribe link in any e-mail, or reply STOP to a text. For notifications on your phone, switch off “Alerts on this phone”, or tap “Mute this ride today” on a notification.',
  },
  {
    q: 'Which parks are covered?',
    a: 'Every park ThemeParks.wiki publishes live data for, including the Walt Disney World and Disneyland Resort parks and the Universal parks.',
  },
];

function FaqPage() {
  return (
    <InfoPage title="Frequently Asked Questions" lead="Everything about walk-on alerts, prices and your data.">
      <Accordion.Root type="multiple" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {FAQ.map((item, i) => (
          <Accordion.Item key={item.q} value={`q${i}`}>
            <Accordion.Header asChild>
              <h2 className="!mt-0 text-base">
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-3 px-5 py-4 text-left font-semibold hover:bg-slate-50">
                  {item.q}
                  <ChevronDown className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-slate-700">{item.a}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <section className="rounded-2xl bg-brand-50 p-6 text-center">
        <h2 className="!mt-0">Ready to Enhance Your Park Day?</h2>
        <p className="mt-2">Pick your park and rides; we will tell you when to walk over.</p>
        <Link
          to="/get-alerts"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 !text-white !no-underline hover:bg-brand-800"
        >
          Get Alerts
        </Link>
      </section>
    </InfoPage>
  );
}

export const Route = createFileRoute('/faq')({
  head: pageHead('FAQ', 'Answers about WalkOn walk-on alerts: prices, refunds, data sources, and how to stop alerts.'),
  component: FaqPage,
});
