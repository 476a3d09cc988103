import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/** "Access Denied" with the spec's text (spec part 2 §6); sends the visitor to / after a few seconds. */
export function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => void navigate({ to: '/', replace: true }), 3000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Access Denied</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <p className="mt-6 text-sm text-slate-600">
        Taking you to the{' '}
        <Link to="/" className="font-semibold underline">
          home page
        </Link>
        …
      </p>
    </main>
  );
}
