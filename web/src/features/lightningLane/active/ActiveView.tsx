import { FlaskConical } from 'lucide-react';
import type { LaneStatus, LaneSubscription } from '../types.ts';
import { AutoBookingCard } from './AutoBookingCard.tsx';
import { AvailabilityCard } from './AvailabilityCard.tsx';
import { BookingsCard } from './BookingsCard.tsx';

/**
 * The active view of Lightning Lane Assist (docs/spec/part-2.md §2): the auto-booking switch, availability from the
 * real live data (refreshed every 30 s) with a preference editor per attraction and a Book button, and the
 * bookings with Cancel. Every booking is labelled simulated.
 */
export function ActiveView({ parkId, status, subscription }: { parkId: string; status: LaneStatus; subscription: LaneSubscription }) {
  const canBook = status.isConnected && subscription.activeToday;
  return (
    <div className="space-y-6">
      <p role="note" className="flex items-start gap-2 rounded-xl border-2 border-amber-300 bg-amber-50 p-3 text-amber-950">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <span>
          <strong>Simulated bookings.</strong> Disney offers no public booking API, so bookings here are simulated: no real Lightning Lane
          is booked and nothing is charged by Disney. Availability is real.
        </span>
      </p>
      <AutoBookingCard status={status} />
      <AvailabilityCard parkId={parkId} canBook={canBook} status={status} subscription={subscription} />
      <BookingsCard parkId={parkId} />
    </div>
  );
}
