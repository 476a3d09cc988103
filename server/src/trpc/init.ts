import { initTRPC, TRPCError } from '@trpc/server';
import type { Database, FeatureKey, Role } from '@walkon/db';
import type { DiningAvailabilityProvider, Logger, Notifier, Queues, WaitTimesSource } from '@walkon/jobs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ZodError, z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import { AppError, toTrpcCode } from '../errors.ts';
import type { Payments } from '../payments/stripe.ts';
import { requireFeature } from '../services/features.ts';
import type { FlightSearchService } from '../services/flights.ts';

/** Dependencies every request can use (DESIGN §4: injected, built once in main.ts or a test). */
export interface AppDeps {
  db: Kysely<Database>;
  /** Producers; their Redis connection fails fast (DESIGN §4 Redis by role). */
  queues: Queues;
  source: WaitTimesSource;
  logger: Logger;
  now: () => Date;
  publicOrigin: string;
  production: boolean;
  /** Serve the built web app from here (SPA fallback), when set. */
  webDistDir?: string;
  /** Stripe; null/absent = paid checkout disabled (DESIGN §5). */
  payments?: Payments | null;
  /** Flight search behind its 15-minute cache; null/absent = search unavailable (issue 7, DESIGN §5). */
  flights?: FlightSearchService | null;
  /**
   * Restaurant availability for the admin's manual restaurant check (issue 6, DINING_SOURCE); null = off;
   * absent = ThemeParks.wiki walk-up availability through `source`.
   */
  dining?: DiningAvailabilityProvider | null;
  /**
   * Sends the account e-mails (verify, reset, new address) — NOTIFY_TRANSPORT: `outbox` or SES. Absent = the
   * outbox transport (the default of NOTIFY_TRANSPORT; tests read outbox_messages).
   */
  notifier?: Notifier;
}

/** The tRPC context: deps, the request, and the signed-in user (or null). */
export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  user: SessionUser | null;
  sessionId: string | null;
}

/** Procedure metadata: `feature` marks a procedure behind a feature gate (the gate matrix test lists them from it). */
export interface ProcedureMeta {
  feature?: FeatureKey;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never ship stack traces; internal errors get a generic message (issue 2: never a 500 with a trace).
    isDev: false,
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : null;
      const message = zod
        ? (zod.issues[0]?.message ?? 'Invalid input')
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Something went wrong. Please try again.'
          : shape.message;
      return { ...shape, message, data: { ...shape.data, stack: undefined, zodError: zod ? z.flattenError(zod) : null } };
    },
  });

/** Maps AppError to TRPCError — the one place (DESIGN §4). */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: toTrpcCode(cause.code), message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone. */
export const publicProcedure = t.procedure.use(appErrors);

/** Signed-in users only; narrows `ctx.user`. UNAUTHORIZED otherwise (spec part 1 §6). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to manage your alert subscriptions.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Signed-in users holding `role` (admin also passes moderator checks). FORBIDDEN otherwise. */
export function roleProcedure(role: Role) {
  return protectedProcedure.use(({ ctx, next }) => {
    const ok = ctx.user.roles.includes('admin') || ctx.user.roles.includes(role);
    // Messages of spec part 2 §6.
    if (!ok)
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: role === 'admin' ? 'You do not have admin privileges' : 'You need moderator privileges to access this page',
      });
    return next();
  });
}

/**
 * A procedure behind a server-side feature gate (issue 6, DESIGN §6): FORBIDDEN with the coming-soon message
 * unless the gate lets the caller in (`featureAccess`). The gate is checked before sign-in, so a visitor
 * learns the feature is not open yet rather than being asked to log in for nothing.
 */
export function gatedProcedure(feature: FeatureKey) {
  return publicProcedure.meta({ feature }).use(async ({ ctx, next }) => {
    await requireFeature(ctx.deps.db, feature, ctx.user);
    return next();
  });
}

/** `gatedProcedure` for signed-in users only: gate first, then UNAUTHORIZED when signed out; narrows `ctx.user`. */
export function gatedProtectedProcedure(feature: FeatureKey) {
  return gatedProcedure(feature).use(({ ctx, next }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    return next({ ctx: { ...ctx, user: ctx.user } });
  });
}
