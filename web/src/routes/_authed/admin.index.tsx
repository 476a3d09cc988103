import { createFileRoute, redirect } from '@tanstack/react-router';
import { ADMIN_SECTIONS } from '../../features/admin/sections.ts';

/** /admin itself opens the first section. */
export const Route = createFileRoute('/_authed/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/$section', params: { section: ADMIN_SECTIONS[0].slug }, replace: true });
  },
});
