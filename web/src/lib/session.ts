import { type ApiOutput, apiMutation } from './api.ts';
import { dataLayerIfLoaded } from './dataLayer.ts';
import { toast } from './toast.ts';
import { ensureApiQuery, fetchApiQuery, useApiQuery } from './useApi.ts';

/** What auth.me answers: the signed-in user or null. */
export type Me = ApiOutput<'auth.me'>;

/**
 * The signed-in user (or null) and whether the session is still resolving (docs/spec/part-1.md §4 Session). It is read
 * through the light client (lib/useApi.ts), so the navigation bar and the landing page need no React Query;
 * re-read when older than a minute.
 */
export function useSession() {
  const me = useApiQuery('auth.me', undefined, { staleTime: 60_000 });
  const user = me.data?.user ?? null;
  return {
    user,
    loading: me.isPending,
    isAdmin: user?.roles.includes('admin') ?? false,
    isModerator: (user?.roles.includes('admin') || user?.roles.includes('moderator')) ?? false,
  };
}

/** The session for route guards: the one already read (any age), else read now. Throws ApiError. */
export function ensureSession(): Promise<Me> {
  return ensureApiQuery('auth.me');
}

/** Reads the session again now (after logging in or out, verifying the e-mail, deleting the account); resolves with it. */
export function refreshSession(): Promise<Me> {
  return fetchApiQuery('auth.me');
}

/**
 * Log out with the spec's toasts (docs/spec/part-1.md §8): `logOut()` resolves true once the session is gone (every
 * cached answer of the full client is dropped: it belonged to the user), false when it failed.
 */
export function useLogOut(): () => Promise<boolean> {
  return async () => {
    try {
      await apiMutation('auth.logOut');
    } catch (err) {
      console.warn('sign-out failed', err instanceof Error ? err.message : err);
      toast.error('Error signing out', { description: 'There was a problem signing you out. Please try again.' });
      return false;
    }
    dataLayerIfLoaded()?.queryClient.removeQueries();
    await refreshSession().catch(() => undefined);
    toast.success('Logged out successfully', { description: 'You have been logged out of your account.' });
    return true;
  };
}
