/**
 * Whose e-mail-keyed rows a caller may see and change (subscriptions, pass days, ride selections, alert
 * history, return-time alerts). A verified address owns everything keyed by it (`userId` null); an unverified
 * account owns only the rows it created itself while signed in (`userId` = its id). A plain string is an
 * e-mail with every row (jobs, operator CLI, signed-out purchases).
 */
export interface EmailScope {
  email: string;
  /** null = every row of the e-mail; otherwise only rows whose creating `user_id` is this account. */
  userId: string | null;
}

/** An e-mail (all its rows) or a scope. */
export type EmailOwner = string | EmailScope;

/** The scope of an owner: a plain e-mail sees every row. */
export function scopeOf(owner: EmailOwner): EmailScope {
  return typeof owner === 'string' ? { email: owner, userId: null } : owner;
}
