import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../lightningLane/useNow.ts';

/**
 * Whole minutes until `nextAt` (an ISO UTC instant from alerts.state.nextTestAlertAt), rounded up; 0 when it is
 * null or past (spec part 1 §4: the cooldown is shown as minutes remaining).
 */
export function minutesUntil(nextAt: string | null, now: Date): number {
  if (!nextAt) return 0;
  const left = new Date(nextAt).getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/**
 * "Send test alert" (spec part 1 §7 test-alert): enabled only while alerts are active and the 15-minute
 * cooldown is over; during the cooldown it is disabled and says how many minutes are left, counting down
 * (the server refuses early test alerts anyway).
 */
export function TestAlertButton({
  active,
  nextTestAlertAt,
  sending,
  onSend,
}: {
  active: boolean;
  nextTestAlertAt: string | null;
  sending: boolean;
  onSend: () => void;
}) {
  const now = useNow(15_000);
  const wait = minutesUntil(nextTestAlertAt, now);
  return (
    <>
      <Button variant="secondary" disabled={!active || sending || wait > 0} onClick={onSend} aria-describedby="test-alert-cooldown">
        {sending ? 'Sending…' : 'Send test alert'}
      </Button>
      <p id="test-alert-cooldown" className="basis-full text-sm text-slate-700" aria-live="polite">
        {wait > 0 ? `Cooldown: next test alert in ${wait} minute${wait === 1 ? '' : 's'}.` : ''}
      </p>
    </>
  );
}
