import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/InfoPage.tsx';
import { VerifyBanner } from '../../components/VerifyBanner.tsx';
import { ManageAlerts } from '../../features/alerts/ManageAlerts.tsx';
import { PhoneAlertsCard } from '../../features/push/PhoneAlertsCard.tsx';

export const Route = createFileRoute('/_authed/manage-alerts')({
  head: pageHead('Manage Alerts', 'Turn your WalkOn park and ride alerts on and off.'),
  component: () => (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Manage Alerts</h1>
      <VerifyBanner />
      <div className="mb-6">
        <PhoneAlertsCard />
      </div>
      <ManageAlerts />
    </main>
  ),
});
