import { Link } from '@tanstack/react-router';

const COLUMNS = [
  {
    title: 'Explore',
    links: [
      { to: '/parks', label: 'Theme Parks' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/faq', label: 'FAQ' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
      { to: '/careers', label: 'Careers' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

/** The site footer (docs/spec/part-1.md §2 Footer). Social links are omitted until a destination is configured. */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-brand-800">WalkOn</p>
          <p className="mt-2 text-sm text-slate-600">Enhancing your theme park visits with real-time wait-time alerts.</p>
        </div>
        {COLUMNS.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="text-sm font-bold text-slate-900">{c.title}</h2>
            <ul className="mt-2 space-y-1.5">
              {c.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to as never} className="text-sm text-slate-700 hover:text-brand-800 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 px-4 py-4 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} WalkOn · Independent of the parks' operators · Wait-time data: ThemeParks.wiki
      </p>
    </footer>
  );
}
