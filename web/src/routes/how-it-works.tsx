import { createFileRoute, Link } from '@tanstack/react-router';
import { DEFAULT_THRESHOLD_MINUTES, FRESHNESS_MINUTES, THRESHOLD_MAX_MINUTES, THRESHOLD_MIN_MINUTES } from '@walkon/domain/rules/alerts';
import { RULE_BOOK_SUMMARY } from '@walkon/domain/rules/ruleBook';
import { InfoPage, pageHead } from '../components/InfoPage.tsx';
import { STEPS } from '../features/landing/steps.ts';

export const Route = createFileRoute('/how-it-works')({
  head: pageHead('How It Works', 'Four steps from choosing a park to walking on: how WalkOn watches live standby waits for you.'),
  component: () => (
    <InfoPage title="How It Works" lead="Four steps between you and a shorter line.">
      <ol className="grid gap-5 sm:grid-cols-2">
        {STEPS.map((s, i) => (
          <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <s.icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
            <h2 className="!mt-2 text-lg font-bold">
              {i + 1}. {s.title}
            </h2>
            <p className="text-slate-700">{s.text}</p>
          </li>
        ))}
      </ol>
      <h2>Why visitors use WalkOn</h2>
      <ul>
        <li>Standby waits swing through the day; a 60-minute line can be 10 minutes an hour later.</li>
        <li>You keep enjoying the park instead of refreshing an app: we tell you when it is worth walking over.</li>
        <li>
          Stale data never alerts: if nothing in the park's feed has changed for {FRESHNESS_MINUTES} minutes, or a ride's wait was last
          confirmed on an earlier day, we stay quiet.
        </li>
        <li>{RULE_BOOK_SUMMARY}</li>
        <li>
          You hear about a ride when it drops to your threshold ({DEFAULT_THRESHOLD_MINUTES} minutes by default, or {THRESHOLD_MIN_MINUTES}–
          {THRESHOLD_MAX_MINUTES} minutes per ride), not again while it stays short unless you ask for hourly reminders, and never the same
          ride twice within an hour.
        </li>
        <li>Several rides that drop at the same check come in one message, and a daily cap per person keeps your inbox and phone calm.</li>
        <li>Want to know when a broken-down ride reopens? Turn on its back-in-service alert.</li>
        <li>Every e-mail has a one-click unsubscribe, and you can reply STOP to any text.</li>
      </ul>
      <p>
        Browse the <Link to={'/parks' as never}>parks we cover</Link>, check the <Link to="/live-wait-times">live wait times</Link>, or{' '}
        <Link to="/get-alerts">set up your alerts</Link>.
      </p>
    </InfoPage>
  ),
});
