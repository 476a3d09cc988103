import { Link } from '@tanstack/react-router';
import { Bell, BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { fetchApiQuery, useApiMutation, useApiQuery } from '../../lib/useApi.ts';

const linkClass =
  'inline-flex items-center gap-2 rounded-lg bg-sky-600 px-4 py-2 font-semibold text-white hover:bg-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * "Watch this ride" on a ride page (docs/DESIGN.md §2.2 history; docs/rules.md R25b). Signed in with a pass for the park
 * (a pass day today or later): the button adds the ride to the park's selection at once (alerts.saveRides, the
 * selection Get Alerts and Manage Alerts show) and says so where the button was ("Watching …", kept after a
 * reload). Without a pass for the park it switches nothing: it says no alert would be sent and offers Get Alerts
 * for this park to buy one. Signed out, it is the link to Get Alerts with the park and ride, as before.
 */
export function WatchRide({
  parkId,
  parkName,
  destinationId,
  rideId,
  rideName,
}: {
  parkId: string;
  parkName: string;
  destinationId: string;
  rideId: string;
  rideName: string;
}) {
  const { user } = useSession();
  const state = useApiQuery('alerts.state', { parkId }, { enabled: user !== null });
  const [noPass, setNoPass] = useState(false);
  const save = useApiMutation('alerts.saveRides', {
    onSuccess: async () => {
      await fetchApiQuery('alerts.state', { parkId }).catch(() => undefined);
      toast.success(`Watching ${rideName}`, { description: `Alerts for ${rideName} go out on your ${parkName} pass days.` });
    },
    onError: (e) => toast.error('Could not watch this ride', { description: e.message }),
  });
  const getAlerts = (
    <Link to="/get-alerts" search={{ destination: destinationId, park: parkId, ride: rideId }} className={linkClass}>
      <Bell className="h-4 w-4" aria-hidden="true" /> {user ? `Get a pass for ${parkName}` : 'Watch this ride'}
    </Link>
  );
  if (!user) return getAlerts;
  const data = state.data;
  const hasPass = Boolean(data?.subscription && data.subscription.days.length > 0);
  const watching = Boolean(data?.selectedRideIds.includes(rideId));
  if (data && hasPass && watching) {
    return (
      <p role="status" className="inline-flex flex-wrap items-center gap-2 text-sm font-semibold text-green-800" data-testid="watch-ride">
        <BellRing className="h-4 w-4" aria-hidden="true" /> Watching {rideName} on your {parkName} pass.
        <Link to="/manage-alerts" className="font-semibold text-brand-800 underline">
          Manage Alerts
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="watch-ride">
      {noPass ? null : (
        <Button
          disabled={!data || save.isPending}
          onClick={() => {
            if (!data) return;
            if (!hasPass) return setNoPass(true);
            save.mutate({ parkId, rideIds: [...data.selectedRideIds, rideId] });
          }}
        >
          <Bell className="h-4 w-4" aria-hidden="true" /> {save.isPending ? 'Adding…' : 'Watch this ride'}
        </Button>
      )}
      {noPass ? (
        <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            You hold no pass for {parkName}, so no alert would be sent for {rideName}. Alerts go out only on the park's pass days.
          </p>
          {getAlerts}
        </div>
      ) : null}
    </div>
  );
}
