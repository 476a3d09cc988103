import { TEST_ALERT_COOLDOWN_MINUTES } from '@walkon/domain/rules/alerts';
import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../../lib/useNow.ts';

/**
 * Whole minutes until `nextAt` (an ISO UTC instant from alerts.state.nextTestAlertAt), rounded up and never more
 * than the 15-minute cooldown (a browser clock behind the server's must not say 16); 0 when it is null or past
 * (docs/spec/part-1.md §4: the cooldown is shown as minutes remaining).
 */
export function minutesUntil(nextAt: string | null, now: Date): number {
  if (!nextAt) return 0;
  const left = new Date(nextAt).getTime() - now.getTime();
  return left > 0 ? Math.min(TEST_ALERT_COOLDOWN_MINUTES, Math.ceil(left / 60_000)) : 0;
}

/** What started the cooldown, from alerts.state.cooldownStartedBy. */
export interface CooldownStart {
  kind: string;
  rideName: string;
}

/**
 * Why the test-alert button cannot be pressed, or '' when it can: not active yet (scheduled or inactive), or the
 * cooldown after the person's last alert of any kind, naming a ride alert when one started it (docs/spec/part-1.md §4).
 */
export function testAlertNote(status: 'ACTIVE' | 'SCHEDULED' | 'INACTIVE', wait: number, startedBy: CooldownStart | null): string {
  if (status === 'SCHEDULED') return 'Test alerts can be sent once your scheduled alerts have started.';
  if (status === 'INACTIVE') return 'Activate alerts to send a test alert.';
  if (wait <= 0) return '';
  const minutes = `${wait} minute${wait === 1 ? '' : 's'}`;
  if (startedBy && startedBy.kind !== 'test_alert') {
    const what = startedBy.kind === 'ride_alert' ? `a ride alert (${startedBy.rideName})` : 'an alert';
    return `Cooldown: next test alert in ${minutes}. We just sent you ${what}; test alerts wait ${TEST_ALERT_COOLDOWN_MINUTES} minutes after any alert.`;
  }
  return `Cooldown: next test alert in ${minutes}.`;
}

/**
 * "Send test alert" (docs/spec/part-1.md §7 test-alert): enabled only while alerts are active and the 15-minute
 * cooldown is over; otherwise disabled with the reason under it (not active yet, or the minutes left and what
 * started the cooldown), counting down (the server refuses early test alerts anyway).
 */
export function TestAlertButton({
  status,
  nextTestAlertAt,
  cooldownStartedBy,
  sending,
  onSend,
}: {
  status: 'ACTIVE' | 'SCHEDULED' | 'INACTIVE';
  nextTestAlertAt: string | null;
  cooldownStartedBy: CooldownStart | null;
  sending: boolean;
  onSend: () => void;
}) {
  const now = useNow(15_000);
  const wait = minutesUntil(nextTestAlertAt, now);
  return (
    <>
      <Button
        variant="secondary"
        disabled={status !== 'ACTIVE' || sending || wait > 0}
        onClick={onSend}
        aria-describedby="test-alert-cooldown"
      >
        {sending ? 'Sending…' : 'Send test alert'}
      </Button>
      <p id="test-alert-cooldown" className="basis-full text-sm text-slate-700" aria-live="polite">
        {testAlertNote(status, wait, cooldownStartedBy)}
      </p>
    </>
  );
}
