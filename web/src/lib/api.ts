import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@walkon/server';

/**
 * A small client for the tRPC endpoint over plain `fetch`, for the pages that must stay light (the landing
 * page's JavaScript budget, docs/decisions/020): no React Query, no tRPC client in their first load. It speaks
 * tRPC's HTTP format (no transformer): queries are GET requests, batched per tick as the tRPC client does
 * (`/trpc/a,b?batch=1&input={"0":…}`); mutations are POST requests with the input as the JSON body. The
 * other pages use the full client in `trpc.ts`.
 */

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
type Router = AppRouter['_def']['record'];

/** "router.procedure" for every procedure of the given kind ('query' or 'mutation'). */
type PathOf<Kind extends string> = {
  [R in keyof Router & string]: {
    [P in keyof Router[R] & string]: Router[R][P] extends { _def: { type: Kind } } ? `${R}.${P}` : never;
  }[keyof Router[R] & string];
}[keyof Router & string];

/** A query procedure's path, e.g. 'site.stats'. */
export type QueryPath = PathOf<'query'>;
/** A mutation procedure's path, e.g. 'checkout.create'. */
export type MutationPath = PathOf<'mutation'>;
/** What the procedure at `P` takes. */
export type ApiInput<P extends string> = P extends `${infer R extends keyof Inputs & string}.${infer Q}`
  ? Q extends keyof Inputs[R]
    ? Inputs[R][Q]
    : never
  : never;
/** What the procedure at `P` answers. */
export type ApiOutput<P extends string> = P extends `${infer R extends keyof Outputs & string}.${infer Q}`
  ? Q extends keyof Outputs[R]
    ? Outputs[R][Q]
    : never
  : never;

/** The error data tRPC sends: `code` ('BAD_REQUEST', 'TOO_MANY_REQUESTS', …) and the server's zod field errors. */
export interface ApiErrorData {
  code?: string;
  httpStatus?: number;
  zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null;
}

/** A failed call: the server's sentence as `message` and its `data` (undefined when the server was not reached). */
export class ApiError extends Error {
  readonly data: ApiErrorData | undefined;
  constructor(message: string, data?: ApiErrorData) {
    super(message);
    this.name = 'ApiError';
    this.data = data;
  }
}

type Envelope = { result?: { data?: unknown }; error?: { message?: string; data?: ApiErrorData } };

function unwrap(e: Envelope | undefined): unknown {
  if (e?.error) throw new ApiError(e.error.message ?? 'Something went wrong. Please try again.', e.error.data);
  if (!e?.result) throw new ApiError('The server sent an unexpected answer.');
  return e.result.data;
}

async function send(url: string, init?: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : 'Network error');
  }
  try {
    return await res.json();
  } catch {
    throw new ApiError(`The server answered ${res.status} without a readable body.`, { httpStatus: res.status });
  }
}

type Call = { path: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };
let batch: Call[] = [];

async function flush(): Promise<void> {
  const calls = batch;
  batch = [];
  const input = JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, c.input])));
  const url = `/trpc/${calls.map((c) => c.path).join(',')}?batch=1&input=${encodeURIComponent(input)}`;
  try {
    const body = await send(url);
    const answers = Array.isArray(body) ? (body as Envelope[]) : calls.map(() => body as Envelope);
    calls.forEach((c, i) => {
      try {
        c.resolve(unwrap(answers[i]));
      } catch (err) {
        c.reject(err);
      }
    });
  } catch (err) {
    for (const c of calls) c.reject(err);
  }
}

/** Runs a query by its path string, untyped (the typed form is apiQuery); batched per tick. Throws ApiError. */
export function queryByPath(path: string, input: unknown): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    batch.push({ path, input, resolve, reject });
    if (batch.length === 1) queueMicrotask(() => void flush());
  });
}

/** Runs a mutation by its path string, untyped (the typed form is apiMutation). Throws ApiError. */
export async function mutateByPath(path: string, input: unknown): Promise<unknown> {
  const body = await send(`/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(input === undefined ? {} : { body: JSON.stringify(input) }),
  });
  return unwrap(body as Envelope);
}

/** Runs the query at `path` (batched with the other queries asked for in the same tick). Throws ApiError. */
export function apiQuery<P extends QueryPath>(path: P, ...input: undefined extends ApiInput<P> ? [ApiInput<P>?] : [ApiInput<P>]) {
  return queryByPath(path, input[0]) as Promise<ApiOutput<P>>;
}

/** Runs the mutation at `path` with `input`. Throws ApiError. */
export function apiMutation<P extends MutationPath>(path: P, ...input: undefined extends ApiInput<P> ? [ApiInput<P>?] : [ApiInput<P>]) {
  return mutateByPath(path, input[0]) as Promise<ApiOutput<P>>;
}
