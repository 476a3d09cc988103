import { toast } from '../../lib/toast.ts';
import { queryClient, trpc } from '../../trpc.ts';

/** The signed-in user (or null) and whether the session is still resolving (spec part 1 §4 Session). */
export function useSession() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data?.user ?? null;
  return {
    user,
    loading: me.isPending,
    isAdmin: user?.roles.includes('admin') ?? false,
    isModerator: (user?.roles.includes('admin') || user?.roles.includes('moderator')) ?? false,
  };
}

/** Log out with the spec's toasts (spec part 1 §8). */
export function useLogOut() {
  const utils = trpc.useUtils();
  return trpc.auth.logOut.useMutation({
    onSuccess: async () => {
      queryClient.removeQueries();
      await utils.auth.me.invalidate();
      toast.success('Logged out successfully', { description: 'You have been logged out of your account.' });
    },
    onError: (err) => {
      console.warn('sign-out failed', err.message);
      toast.error('Error signing out', { description: 'There was a problem signing you out. Please try again.' });
    },
  });
}
