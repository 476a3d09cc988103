import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_PANELS } from '../../adminPanels.tsx';
import { AdminSectionPage } from '../../features/admin/AdminSectionPage.tsx';
import { findAdminSection } from '../../features/admin/sections.ts';

function AdminSectionRoute() {
  const { section } = Route.useParams();
  return <AdminSectionPage slug={section} panels={ADMIN_PANELS} />;
}

/** /admin/$section: one section of the admin area (features/admin/sections.tsx); an unknown one says so. */
export const Route = createFileRoute('/_authed/admin/$section')({
  head: ({ params }) => ({
    meta: [{ title: `${findAdminSection(params.section)?.label ?? 'Section not found'} · Admin · WalkOn` }],
  }),
  component: AdminSectionRoute,
});
