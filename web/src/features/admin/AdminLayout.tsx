import { Link, Outlet } from '@tanstack/react-router';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { useSession } from '../../lib/session.ts';
import { ADMIN_SECTIONS } from './sections.ts';

const linkClass =
  'block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-amber-500';
// Colour and weight live in the two states only: classes are joined without tailwind-merge, so a base
// `text-slate-700` would win over the active colour by stylesheet order.
const activeClass = 'bg-brand-50 font-semibold text-brand-800';
const inactiveClass = 'font-medium text-slate-700';

/**
 * The section navigation of /admin: a list of links, the current one marked `aria-current="page"`. It wraps
 * into rows on narrow screens and becomes a side column from 1024 px.
 */
function AdminNav() {
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-0.5">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.slug}>
            <Link
              to="/admin/$section"
              params={{ section: s.slug }}
              className={linkClass}
              activeProps={{ className: activeClass, 'aria-current': 'page' }}
              inactiveProps={{ className: inactiveClass }}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The admin area (docs/spec/part-2.md §6): admins only ("Access Denied" otherwise; the server checks every call again),
 * the section navigation and the chosen section's panel.
 */
export function AdminLayout() {
  const { isAdmin } = useSession();
  if (!isAdmin) return <AccessDenied message="You do not have admin privileges" />;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <AdminNav />
        <div className="min-w-0 space-y-6">
          <Outlet />
        </div>
      </div>
    </main>
  );
}
