import { Link } from '@tanstack/react-router';
import { useSession } from '../lib/session.ts';

/**
 * Shown on Manage Alerts and Get Alerts while the account's address is unverified: alerts bought earlier for the
 * address (for example without an account) appear only after the address is confirmed (docs/security.md
 * "Accounts"). Renders nothing for a verified address or a signed-out visitor.
 */
export function VerifyBanner() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <div role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">Please confirm your e-mail address</p>
      <p className="mt-1 text-sm">
        Alerts bought earlier for {user.email} show here once you open the link we e-mailed you.{' '}
        <Link to="/account" className="font-semibold underline">
          Resend the e-mail
        </Link>
      </p>
    </div>
  );
}
