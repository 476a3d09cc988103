import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session.ts';

/** Navigation links in spec order (docs/spec/part-1.md §2 Navigation bar). */
export const NAV_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/live-wait-times', label: 'Live Wait Times' },
  { to: '/get-alerts', label: 'Get Alerts' },
  { to: '/lightning-lane', label: 'Lightning Lane Assist' },
  { to: '/restaurant-alerts', label: 'Restaurant Alerts' },
  { to: '/flight-deals', label: 'Free Flight Alerts' },
  { to: '/affiliate-program', label: 'Affiliate Program' },
  { to: '/park-rankings', label: 'Park Ratings & Rankings' },
  { to: '/ride-checklist', label: 'Ride Checklist' },
] as const satisfies readonly { to: string; label: string }[];

const linkClass = 'rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const activeClass = 'bg-brand-50 text-brand-800 font-semibold';

const AccountMenu = lazy(() => import('./AccountMenu.tsx'));

/** The staff pages the signed-in user may open: Admin for admins, Moderation for admins and moderators. */
function useStaffLinks(): { to: '/admin' | '/moderation'; label: string }[] {
  const { isAdmin, isModerator } = useSession();
  return [
    ...(isAdmin ? [{ to: '/admin' as const, label: 'Admin' }] : []),
    ...(isModerator ? [{ to: '/moderation' as const, label: 'Moderation' }] : []),
  ];
}

function UserMenu() {
  const { user } = useSession();
  const staff = useStaffLinks();
  if (!user) {
    return (
      <Link to="/auth" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Login
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2">
      {/* Under 768 px the staff links move into the menu, so the bar never scrolls sideways on a phone. */}
      {staff.map((l) => (
        <Link key={l.to} to={l.to} className={`hidden md:block ${linkClass}`}>
          {l.label}
        </Link>
      ))}
      <Suspense fallback={<span className="inline-block h-9 w-[140px] rounded-lg border border-slate-300" aria-hidden="true" />}>
        <AccountMenu email={user.email} />
      </Suspense>
    </div>
  );
}

/** The top navigation bar; under 768 px the links (and Admin / Moderation) collapse into a toggle menu (docs/spec/part-1.md §2, §9). */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const staff = useStaffLinks();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
        <div className="flex items-center justify-between gap-3 py-3">
          <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-brand-800" onClick={() => setOpen(false)}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            WalkOn
          </Link>
          <div className="flex items-center gap-2">
            <UserMenu />
            <button
              type="button"
              className="rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
            </button>
          </div>
        </div>
        <ul className="-mx-2 hidden items-center gap-0.5 overflow-x-auto pb-2 whitespace-nowrap md:flex">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to as never} className={linkClass} activeProps={{ className: activeClass, 'aria-current': 'page' }}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {open ? (
        <ul id="mobile-menu" className="border-t border-slate-200 px-4 py-2 md:hidden">
          {[...NAV_LINKS, ...staff].map((l) => (
            <li key={l.to}>
              <Link
                to={l.to as never}
                className={`block ${linkClass}`}
                activeProps={{ className: activeClass, 'aria-current': 'page' }}
                onClick={() => setOpen(false)}
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}
