import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/InfoPage.tsx';
import { FeatureGate } from '../../features/gates/FeatureGate.tsx';
import { RestaurantAlertList } from '../../features/restaurants/RestaurantAlertList.tsx';

/** Manage Restaurant Alerts (docs/spec/part-2.md §2; signed-in, behind the `restaurant_alerts` gate). */
export const Route = createFileRoute('/_authed/manage-restaurant-alerts')({
  head: pageHead('Manage Restaurant Alerts', 'Your WalkOn restaurant alerts: see and delete them.'),
  component: () => (
    <FeatureGate
      feature="restaurant_alerts"
      description="Get an e-mail when a table opens up at your favourite Walt Disney World or Disneyland restaurant."
    >
      <main id="main" className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold">Manage Restaurant Alerts</h1>
        <RestaurantAlertList />
      </main>
    </FeatureGate>
  ),
});
