import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useTRPC } from '../../trpc.ts';

/**
 * "Recent Alerts" on Get Alerts (docs/spec/part-1.md §2): the account's last 24 hours of alerts, every park (the history is the person's, not the picked park's), with Refresh and Clear.
 */
export function RecentAlertsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.alerts.history.queryOptions());
  const clearHistory = useMutation(
    trpc.alerts.clearHistory.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.alerts.history.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() }),
        ]);
      },
    }),
  );
  return (
    <Card>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-bold">Recent Alerts</h2>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => state.refetch()} disabled={state.isFetching} aria-label="Refresh alert history">
            <RefreshCw className={`h-4 w-4 ${state.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" /> Refresh
          </Button>
          <Button variant="ghost" size="sm" onClick={() => clearHistory.mutate()} disabled={!state.data?.length}>
            Clear
          </Button>
        </div>
      </div>
      {state.data?.length ? (
        <ul aria-label="Recent alerts" className="divide-y divide-slate-100">
          {state.data.map((h) => (
            <li key={h.id} className="py-2.5">
              <p className="font-medium">{h.message}</p>
              <p className="text-xs text-slate-600">
                {h.channel === 'sms' ? 'SMS' : 'E-mail'} · {formatDistanceToNow(new Date(h.createdAt), { addSuffix: true })} · {h.status}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No alerts in the last 24 hours.</p>
      )}
    </Card>
  );
}
