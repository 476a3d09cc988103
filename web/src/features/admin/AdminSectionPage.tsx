import type { ComponentType } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { type AdminSlug, findAdminSection } from './sections.ts';

/**
 * The panel of the admin section `slug` (from `panels`, the route's map of every section's panel), or a not-found
 * message naming it when there is no such section.
 */
export function AdminSectionPage({ slug, panels }: { slug: string; panels: Record<AdminSlug, ComponentType> }) {
  const section = findAdminSection(slug);
  if (!section) {
    return (
      <Card title="Section not found">
        <p className="text-slate-700">There is no admin section called “{slug}”. Choose one from the admin sections list.</p>
      </Card>
    );
  }
  const Panel = panels[section.slug];
  return <Panel />;
}
