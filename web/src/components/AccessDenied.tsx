import { Link } from '@tanstack/react-router';

/**
 * "Access Denied" with the spec's text (docs/spec/part-2.md §6) and a link home. It does not send the visitor away by
 * itself: a timed redirect takes the page from under someone still reading it (WCAG 2.2.1).
 */
export function AccessDenied({ message }: { message: string }) {
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Access Denied</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Go to the home page
      </Link>
    </main>
  );
}
