import { accounts, type Role } from '@walkon/db';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** The /admin roles panel: accounts holding a role, and the 50 newest role changes (ISO times, UTC). */
export async function overview(deps: AppDeps) {
  const [holders, audit] = await Promise.all([accounts.listRoleHolders(deps.db), accounts.listRoleAudit(deps.db)]);
  return { holders, audit: audit.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) };
}

/**
 * Grants or revokes the moderator or admin role by account e-mail (docs/spec/part-1.md §6 roles), with an audit row,
 * in one transaction; revoking the last admin is refused there (the admin rows are locked first, so two
 * concurrent revocations cannot both pass). → { changed } (false when nothing had to change).
 * @throws AppError NOT_FOUND when no account has the address; BAD_REQUEST for the last admin.
 */
export async function changeRole(deps: AppDeps, actor: SessionUser, input: { email: string; role: Role; action: 'grant' | 'revoke' }) {
  const r = await deps.db.transaction().execute((tx) =>
    accounts.changeRole(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      targetEmail: input.email,
      role: input.role,
      action: input.action,
    }),
  );
  if (r.outcome === 'no_account') throw new AppError('NOT_FOUND', `No account uses ${input.email}.`);
  if (r.outcome === 'last_admin') throw new AppError('BAD_REQUEST', 'You cannot remove the last admin. Make someone else an admin first.');
  return { changed: r.outcome === 'changed' };
}
