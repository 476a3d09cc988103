import { initTRPC, TRPCError } from '@trpc/server';
import type { FeatureKey, Role } from '@walkon/db';
import { controlCharMessage, fieldLabel, MULTILINE_CONTROL } from '@walkon/domain/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps, Guard } from '../deps.ts';
import { AppError, toTrpcCode } from '../errors.ts';
import { consumeLimit, type LimitSettings } from '../security/limits.ts';
import { isRedisUnavailable, REDIS_DOWN_MESSAGE, REDIS_DOWN_RETRY_SECONDS, reportFault } from '../security/redisDown.ts';
import { requireFeature } from '../services/features.ts';

/** The tRPC context: deps, the request, and the signed-in user (or null). */
export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  user: SessionUser | null;
  sessionId: string | null;
  guard: Guard;
}

/** Procedure metadata: `feature` marks a procedure behind a feature gate (the gate matrix test lists them from it). */
export interface ProcedureMeta {
  feature?: FeatureKey;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never ship stack traces; internal errors get a generic message (docs/decisions/004: never a 500 with a trace).
    isDev: false,
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : null;
      const message = zod
        ? (zod.issues[0]?.message ?? 'Invalid input')
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Something went wrong. Please try again.'
          : shape.message;
      // An AppError about some values of one input names them (e.g. the held dates of a checkout), for the page to mark.
      const invalid = error.cause instanceof AppError && error.cause.invalid ? error.cause.invalid : null;
      return { ...shape, message, data: { ...shape.data, stack: undefined, zodError: zod ? z.flattenError(zod) : null, invalid } };
    },
  });

/**
 * Maps AppError to TRPCError — the one place (docs/DESIGN.md §4); a wait goes out as Retry-After (seconds). A call that
 * failed because Redis cannot be reached (log-in's limits, a rate-limited write, an enqueue) answers 503 with
 * REDIS_DOWN_MESSAGE and is logged once per kind (security/redisDown.ts, docs/decisions/047), never a 500 with a stack.
 */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && !(result.error.cause instanceof AppError) && isRedisUnavailable(result.error.cause ?? result.error)) {
    reportFault(ctx.deps.logger, 'redis_unavailable', String(ctx.req.id), result.error.cause ?? result.error);
    ctx.res.header('retry-after', String(REDIS_DOWN_RETRY_SECONDS));
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: REDIS_DOWN_MESSAGE, cause: result.error });
  }
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    if (cause.retryAfterSeconds) ctx.res.header('retry-after', String(Math.ceil(cause.retryAfterSeconds)));
    throw new TRPCError({ code: toTrpcCode(cause.code), message: cause.message, cause });
  }
  return result;
});

/** The path of the first string in `value` holding a control character (tab and line breaks allowed), or null. */
export function findControlChar(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return MULTILINE_CONTROL.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (MULTILINE_CONTROL.test(k)) return [...path, k];
    const hit = findControlChar(v, [...path, Array.isArray(value) ? Number(k) : k], depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * Refuses any input holding a NUL or other control character (tab and line breaks aside) before a schema or
 * the database sees it — 400 with the field's name — for every procedure, whatever its schema says
 * (PostgreSQL refuses NUL in text with "invalid byte sequence", which was a 500). Field schemas refine further
 * with `text()` (domain/src/schemas/common.ts), e.g. no line breaks in single-line fields.
 */
const noControlChars = t.middleware(async ({ getRawInput, next }) => {
  // An unreadable body is reported where the input is parsed (after sign-in checks), not here.
  const raw = await getRawInput().catch(() => undefined);
  const hit = findControlChar(raw);
  if (hit) throw new TRPCError({ code: 'BAD_REQUEST', message: controlCharMessage(fieldLabel(hit)) });
  return next();
});

export const router = t.router;
/** Builds a server-side caller of a router with a given context (the test harness's `createTestCaller`). */
export const createCallerFactory = t.createCallerFactory;

/** Anyone. */
export const publicProcedure = t.procedure.use(appErrors).use(noControlChars);

/**
 * Rate-limits a public write per client address (docs/security.md): `rule` picks the limit of
 * `ctx.guard.limits`; each call of a batch counts. TOO_MANY_REQUESTS (429, Retry-After) once over.
 */
export function limitPerClient(rule: keyof LimitSettings, message: string) {
  return t.middleware(async ({ ctx, path, next }) => {
    await consumeLimit(ctx.guard, ctx.res, rule, ctx.guard.limits[rule], `${path}:client:${ctx.req.ip}`, message);
    return next();
  });
}

/**
 * The key an e-mailing write is counted under for its target address (docs/security.md, docs/decisions/047): every
 * account procedure (`auth.*`: sign-up, password reset, resend verification, e-mail change…) shares one counter
 * per address — at most `emailWritePerAddress` (3) account e-mails to one address per hour, whatever asked for
 * them — while each other procedure (newsletter, affiliate…) counts on its own.
 */
export function addressLimitKey(path: string, address: string): string {
  const to = address.trim().toLowerCase();
  return path.startsWith('auth.') ? `account-email:to:${to}` : `${path}:to:${to}`;
}

/**
 * Rate-limits a public write that e-mails `addressOf(input)` (docs/security.md): per client address and
 * procedure (`emailWritePerClient`), and per target address (`emailWritePerAddress`; one counter across the
 * account procedures, `addressLimitKey`). Use after `.input()`. TOO_MANY_REQUESTS (429, Retry-After) once
 * either is over.
 */
export async function limitEmailWrite(ctx: Context, path: string, address: string | null | undefined): Promise<void> {
  const { limits } = ctx.guard;
  await consumeLimit(
    ctx.guard,
    ctx.res,
    'emailWritePerClient',
    limits.emailWritePerClient,
    `${path}:client:${ctx.req.ip}`,
    'Too many requests from your connection.',
  );
  if (address)
    await consumeLimit(
      ctx.guard,
      ctx.res,
      'emailWritePerAddress',
      limits.emailWritePerAddress,
      addressLimitKey(path, address),
      'Too many requests for this e-mail address.',
    );
}

/**
 * `limitEmailWrite` as a middleware, for `.use()` after `.input()`: `addressOf` names the address the
 * procedure e-mails, from the parsed input and the caller. TOO_MANY_REQUESTS (429, Retry-After) once over.
 */
export function emailWriteLimit<I>(addressOf: (input: I, user: SessionUser | null) => string | null | undefined) {
  return t.middleware(async ({ ctx, path, input, next }) => {
    await limitEmailWrite(ctx, path, addressOf(input as I, ctx.user));
    return next();
  });
}

/** Signed-in users only; narrows `ctx.user`. UNAUTHORIZED otherwise (docs/spec/part-1.md §6). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to manage your alert subscriptions.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Signed-in users holding `role` (admin also passes moderator checks). FORBIDDEN otherwise. */
export function roleProcedure(role: Role) {
  return protectedProcedure.use(({ ctx, next }) => {
    const ok = ctx.user.roles.includes('admin') || ctx.user.roles.includes(role);
    // Messages of docs/spec/part-2.md §6.
    if (!ok)
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: role === 'admin' ? 'You do not have admin privileges' : 'You need moderator privileges to access this page',
      });
    return next();
  });
}

/**
 * A procedure behind a server-side feature gate (docs/decisions/016, docs/DESIGN.md §6): FORBIDDEN with the coming-soon message
 * unless the gate lets the caller in (`featureAccess`). The gate is checked before sign-in, so a visitor
 * learns the feature is not open yet rather than being asked to log in for nothing.
 */
export function gatedProcedure(feature: FeatureKey) {
  return publicProcedure.meta({ feature }).use(async ({ ctx, next }) => {
    await requireFeature(ctx.deps.db, feature, ctx.user, ctx.deps.now());
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
