import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound.tsx';

/**
 * Every path no other route matches (docs/spec/part-1.md §2 "any other path → 404 page"), as a route of its own so the
 * browser tab says "Page Not Found" instead of keeping the landing page's title.
 */
export const Route = createFileRoute('/$')({
  head: () => ({ meta: [{ title: 'Page Not Found · WalkOn' }, { name: 'robots', content: 'noindex' }] }),
  component: NotFound,
});
