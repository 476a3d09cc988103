import { Card } from '../../components/ui/card.tsx';
import { ADMIN_PANELS } from './panels.tsx';
import { findAdminSection } from './sections.ts';

/** The panel of the admin section `slug`, or a not-found message naming it when there is no such section. */
export function AdminSectionPage({ slug }: { slug: string }) {
  const section = findAdminSection(slug);
  if (!section) {
    return (
      <Card title="Section not found">
        <p className="text-slate-700">There is no admin section called “{slug}”. Choose one from the admin sections list.</p>
      </Card>
    );
  }
  const Panel = ADMIN_PANELS[section.slug];
  return <Panel />;
}
