import { createFileRoute, Link } from '@tanstack/react-router';
import { UtensilsCrossed } from 'lucide-react';
import { pageHead } from '../components/InfoPage.tsx';
import { FeatureGate } from '../features/gates/FeatureGate.tsx';
import { HowItWorks } from '../features/restaurants/HowItWorks.tsx';
import { RestaurantAlertForm } from '../features/restaurants/RestaurantAlertForm.tsx';
import { useSession } from '../lib/session.ts';

/** Restaurant Alerts (docs/spec/part-2.md §2, public; behind the `restaurant_alerts` gate): the creation form and how it works. */
function RestaurantAlerts() {
  const { user } = useSession();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
          <UtensilsCrossed className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
          Restaurant Alerts
        </h1>
        {user ? (
          <Link
            to="/manage-restaurant-alerts"
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold hover:bg-slate-100"
          >
            Manage Restaurant Alerts
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-lg text-slate-700">
        Want a table at a popular Disney restaurant? Tell us where, when and how many — we'll e-mail you when walk-up availability shows up.
        Free during the trial.
      </p>
      <RestaurantAlertForm />
      <HowItWorks />
    </main>
  );
}

export const Route = createFileRoute('/restaurant-alerts')({
  head: pageHead('Restaurant Alerts', 'Get an e-mail when a table opens up at a Walt Disney World or Disneyland restaurant.'),
  component: () => (
    <FeatureGate
      feature="restaurant_alerts"
      description="Get an e-mail when a table opens up at your favourite Walt Disney World or Disneyland restaurant."
    >
      <RestaurantAlerts />
    </FeatureGate>
  ),
});
