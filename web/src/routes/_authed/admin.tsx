import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/InfoPage.tsx';
import { AdminLayout } from '../../features/admin/AdminLayout.tsx';

/** /admin (docs/spec/part-2.md §6): the admin area's layout; each section is a child route, /admin/$section. */
export const Route = createFileRoute('/_authed/admin')({
  head: pageHead(
    'Admin',
    'Manage feature gates and early access, ranking items, daily alert caps, testimonials, SMS capacity, promo codes, checkouts and the outbox.',
  ),
  component: AdminLayout,
});
