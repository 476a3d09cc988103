import { DEFAULT_THRESHOLD_MINUTES, MIN_ALERT_WAIT_MINUTES } from '@walkon/domain/rules/alerts';
import { feedView } from '../waits/freshness.ts';
import { useLivePark } from '../waits/liveApi.ts';

/**
 * Get Alerts, once alerts are active (issue 25 "Show it"): which of the selected rides are short right now by
 * the alert rule (OPERATING, fresh by docs/rules.md R2, 1–15 min, the park inside its schedule, R3) — an alert
 * for each is on its way at the next check — or that none is short yet, or why nothing can alert now (the
 * park closed, its feed stale). Reads the cached live table; `selected` are attraction ids.
 */
export function ShortNow({ parkId, selected }: { parkId: string; selected: string[] }) {
  const live = useLivePark(parkId);
  if (!live.data) return null;
  const feed = feedView(live.data, Date.now());
  const chosen = new Set(selected);
  const short = live.data.rides.filter(
    (r) =>
      chosen.has(r.id) &&
      r.status === 'OPERATING' &&
      r.waitMinutes !== null &&
      r.waitMinutes >= MIN_ALERT_WAIT_MINUTES &&
      r.waitMinutes <= DEFAULT_THRESHOLD_MINUTES &&
      feed.reading(r.lastUpdated).fresh,
  );
  let text: string;
  if (feed.closed) text = 'The park is closed now, by its published hours: your alerts start when it opens.';
  else if (!feed.live) text = "The park's live data has not changed for over 15 minutes: alerts resume as soon as it is live again.";
  else if (short.length === 0)
    text = `None of your rides is short right now. We will alert you when one drops to ${DEFAULT_THRESHOLD_MINUTES} minutes or less.`;
  else
    text = `Short right now: ${short
      .sort((a, b) => (a.waitMinutes ?? 0) - (b.waitMinutes ?? 0))
      .map((r) => `${r.name} (${r.waitMinutes} min)`)
      .join(', ')}. An alert is on its way at the next check (within a minute), unless you had one for that ride in the last hour.`;
  return (
    <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900" data-testid="short-now">
      {text}
    </p>
  );
}
