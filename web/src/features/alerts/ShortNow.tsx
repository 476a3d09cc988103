import { useQuery } from '@tanstack/react-query';
import { FRESHNESS_SENTENCES } from '@walkon/domain/rules/freshness';
import { useTRPC } from '../../trpc.ts';

/**
 * Get Alerts, once alerts are active (docs/rules.md R56): the rides the next tick will alert
 * the person for, as the engine itself judges it (`alerts.shortNow`: the per-ride thresholds, the closing margin,
 * the published hours, freshness, mutes, quiet hours, the 60-minute rule) — or why nothing can alert now. The
 * page promises only what is sent. Refreshed every minute, like the tick.
 */
export function ShortNow({ parkId }: { parkId: string }) {
  const trpc = useTRPC();
  const view = useQuery(trpc.alerts.shortNow.queryOptions({ parkId }, { refetchInterval: 60_000 }));
  if (!view.data) return null;
  const { rides, held, reason } = view.data;
  const list = (rs: typeof rides) => rs.map((r) => `${r.name} (${r.wait} min)`).join(', ');
  let text: string;
  if (reason === 'closed') text = 'The park is closed now, by its published hours: your alerts start when it opens.';
  else if (reason === 'stale') text = `${FRESHNESS_SENTENCES['feed-stale']} Alerts resume as soon as it is live again.`;
  else if (reason === 'muted') text = 'You muted this park: no alert until the mute ends (Manage Alerts).';
  else if (reason === 'quiet') text = 'Your quiet hours are on: no alert until they end (Account).';
  else if (rides.length === 0)
    text = held.length
      ? `Still short: ${list(held)}. You had an alert for ${held.length === 1 ? 'it' : 'them'} within the last hour.`
      : 'None of your rides is short at your thresholds right now. We will alert you when one drops.';
  else
    text = `Short right now: ${list(rides)}. An alert is on its way at the next check (within a minute).${
      held.length ? ` Also short, alerted within the last hour: ${list(held)}.` : ''
    }`;
  return (
    <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900" data-testid="short-now">
      {text}
    </p>
  );
}
