import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/InfoPage.tsx';
import { ManageAlerts } from '../../features/alerts/ManageAlerts.tsx';

// Same screen as /manage-alerts (docs/spec/part-1.md §2 route table).
export const Route = createFileRoute('/_authed/ride-alerts')({
  head: pageHead('Manage Alerts', 'Turn your WalkOn park and ride alerts on and off.'),
  component: () => (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Manage Alerts</h1>
      <ManageAlerts />
    </main>
  ),
});
