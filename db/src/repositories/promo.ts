import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { AlertChannel, DateOnly, GeneratedTimestamp, Timestamp } from '../types.ts';

/** A promo code as admins create it (docs/decisions/013). */
export interface PromoInput {
  /** Upper-cased by the caller. */
  code: string;
  kind: PromoKind;
  channel: AlertChannel | 'any';
  /** Free days granted (free_days); 1–30. */
  days: number;
  /** Discount in percent (percent_off); 1–99. */
  percentOff: number | null;
  maxUses: number | null;
  expiresAt: Date | null;
  createdBy: string | null;
}

/** A code for one free e-mail day, any number of uses, no expiry (the demo's WALKON-FREE, docs/DESIGN.md §6 pricing). */
export function freeEmailDayCode(code: string, createdBy: string | null = null): PromoInput {
  return { code, kind: 'free_days', channel: 'email', days: 1, percentOff: null, maxUses: null, expiresAt: null, createdBy };
}

/** Creates a promo code. Returns false when the code exists already (unique). */
export async function create(db: Executor, p: PromoInput): Promise<boolean> {
  const r = await db
    .insertInto('promo_codes')
    .values({
      code: p.code,
      kind: p.kind,
      channel: p.channel,
      days: p.days,
      percent_off: p.kind === 'percent_off' ? p.percentOff : null,
      max_uses: p.maxUses,
      expires_at: p.expiresAt,
      created_by: p.createdBy,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A promo code as repositories return it (camelCase), and its number of redemptions `uses`. */
const codeColumns = [
  'c.code',
  'c.kind',
  'c.channel',
  'c.days',
  'c.percent_off as percentOff',
  'c.max_uses as maxUses',
  'c.expires_at as expiresAt',
  'c.active',
  'c.created_by as createdBy',
  'c.created_at as createdAt',
  sql<number>`(select count(*) from promo_redemptions r where r.code = c.code)::int`.as('uses'),
] as const;

/**
 * Every promo code → { code, kind, channel, days, percentOff, maxUses, expiresAt, active, createdBy, createdAt,
 * uses }, newest first (admin list).
 */
export async function list(db: Executor) {
  return db.selectFrom('promo_codes as c').select(codeColumns).orderBy('c.created_at', 'desc').execute();
}

/** Turns a code on or off. Returns whether it exists. */
export async function setActive(db: Executor, code: string, active: boolean): Promise<boolean> {
  const r = await db.updateTable('promo_codes').set({ active }).where('code', '=', code).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * The code with its use count (same shape as `list`), locked `FOR UPDATE` when `lock` is set (redemptions take
 * the lock so `max_uses` holds under concurrency). Undefined when unknown.
 */
export async function find(db: Executor, code: string, lock = false) {
  // Lock first, count in a second statement: under READ COMMITTED a statement reads the snapshot taken when it
  // started, so a count in the locking statement itself misses the redemptions of the holder it waited for.
  if (lock) await db.selectFrom('promo_codes').select('code').where('code', '=', code).forUpdate().execute();
  return db.selectFrom('promo_codes as c').select(codeColumns).where('c.code', '=', code).executeTakeFirst();
}

/** Whether this e-mail has used this code already (one use per person and code). */
export async function usedBy(db: Executor, code: string, email: string): Promise<boolean> {
  const r = await db.selectFrom('promo_redemptions').select('id').where('code', '=', code).where('email', '=', email).executeTakeFirst();
  return r !== undefined;
}

/**
 * Records one use. Returns the redemption id, or undefined when this e-mail used the code already
 * (unique code + e-mail).
 */
export async function redeem(
  db: Executor,
  r: { code: string; email: string; parkId: string; firstDay: string; checkoutSessionId?: string | null },
): Promise<string | undefined> {
  const row = await db
    .insertInto('promo_redemptions')
    .values({ code: r.code, email: r.email, park_id: r.parkId, first_day: r.firstDay, checkout_session_id: r.checkoutSessionId ?? null })
    .onConflict((oc) => oc.columns(['code', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

type PromoKind = 'free_days' | 'percent_off';

/** A promo code (docs/decisions/013): checked only on the server, managed by admins. */
export interface PromoCodesTable {
  /** Upper-case code. */
  code: string;
  /** `free_days`: that many free e-mail days; `percent_off`: a discount on a paid checkout. */
  kind: PromoKind;
  channel: Generated<AlertChannel | 'any'>;
  days: Generated<number>;
  percent_off: number | null;
  /** null = unlimited. */
  max_uses: number | null;
  expires_at: Timestamp | null;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

/** One use of a promo code by one e-mail (unique per code and e-mail). */
export interface PromoRedemptionsTable {
  id: Generated<string>;
  code: string;
  email: string;
  park_id: string;
  first_day: DateOnly;
  /** Set when the code discounted a paid checkout. */
  checkout_session_id: string | null;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
