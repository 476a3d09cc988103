import { startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type ApiError, type ApiInput, type ApiOutput, type MutationPath, mutateByPath, type QueryPath, queryByPath } from './api.ts';

/** One cached query answer (immutable: a new object on every change, so a component sees whether it changed). */
interface Snapshot {
  data: unknown;
  error: ApiError | null;
  /** Date.now() of the last answer; 0 before the first. */
  at: number;
  fetching: boolean;
}

const EMPTY: Snapshot = { data: undefined, error: null, at: 0, fetching: false };
const cache = new Map<string, Snapshot>();
const inFlight = new Map<string, Promise<unknown>>();
const listeners = new Map<string, Set<() => void>>();

const keyOf = (path: string, input: unknown) => `${path}:${JSON.stringify(input ?? null)}`;

function set(key: string, next: Snapshot): void {
  cache.set(key, next);
  for (const l of listeners.get(key) ?? []) l();
}

/**
 * Fetches the query now (one request in flight per query and input) and stores the answer in the light
 * cache; resolves with the data, rejects with the ApiError.
 */
export function fetchApiQuery<P extends QueryPath>(path: P, input?: ApiInput<P>): Promise<ApiOutput<P>> {
  const key = keyOf(path, input);
  const running = inFlight.get(key);
  if (running) return running as Promise<ApiOutput<P>>;
  set(key, { ...(cache.get(key) ?? EMPTY), fetching: true });
  const call = queryByPath(path, input)
    .then(
      (data) => {
        set(key, { data, error: null, at: Date.now(), fetching: false });
        return data;
      },
      (error: ApiError) => {
        set(key, { ...(cache.get(key) ?? EMPTY), error, at: Date.now(), fetching: false });
        throw error;
      },
    )
    .finally(() => inFlight.delete(key));
  inFlight.set(key, call);
  return call as Promise<ApiOutput<P>>;
}

/** The cached answer of a query (any age), or the fetched one when there is none yet. */
export function ensureApiQuery<P extends QueryPath>(path: P, input?: ApiInput<P>): Promise<ApiOutput<P>> {
  const hit = cache.get(keyOf(path, input));
  return hit && hit.at > 0 && !hit.error ? Promise.resolve(hit.data as ApiOutput<P>) : fetchApiQuery(path, input);
}

/**
 * A query through the light client (lib/api.ts) for the pages outside the full tRPC client: fetched on mount
 * when there is no answer younger than `staleTime` ms, shared by every component asking for the same query and
 * input; `enabled: false` waits. The shape follows React Query's: data, error, isPending, isFetching.
 */
export function useApiQuery<P extends QueryPath>(
  path: P,
  input: ApiInput<P>,
  { staleTime = 0, enabled = true }: { staleTime?: number; enabled?: boolean } = {},
): { data: ApiOutput<P> | undefined; error: ApiError | null; isPending: boolean; isFetching: boolean } {
  const key = keyOf(path, input);
  const snap = cache.get(key) ?? EMPTY;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // Answers re-render their readers in a transition: React renders it in short slices, where a store read through
  // useSyncExternalStore would re-render them in one blocking task (a slow phone's start-up, Total Blocking Time).
  useEffect(() => {
    const onChange = () => startTransition(rerender);
    const forKey = listeners.get(key) ?? new Set<() => void>();
    listeners.set(key, forKey);
    forKey.add(onChange);
    // An answer that arrived between this render and the subscription.
    if ((cache.get(key) ?? EMPTY) !== snap) onChange();
    return () => void forKey.delete(onChange);
  }, [key, snap]);
  // `key` stands for path and input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key covers path and input
  useEffect(() => {
    if (!enabled) return;
    const hit = cache.get(key);
    if (!hit || hit.at === 0 || Date.now() - hit.at > staleTime) fetchApiQuery(path, input).catch(() => undefined);
  }, [key, enabled, staleTime]);
  return {
    data: snap.data as ApiOutput<P> | undefined,
    error: snap.error,
    isPending: snap.data === undefined && snap.error === null,
    isFetching: snap.fetching,
  };
}

/**
 * A mutation through the light client: `mutate(input)` (errors go to `onError`), `mutateAsync(input)` (throws),
 * `isPending` and the last `variables` — the part of React Query's mutation shape the light pages use.
 */
export function useApiMutation<P extends MutationPath>(
  path: P,
  opts: { onSuccess?: (data: ApiOutput<P>, input: ApiInput<P>) => unknown; onError?: (error: ApiError) => unknown } = {},
) {
  const [state, setState] = useState<{ isPending: boolean; variables: ApiInput<P> | undefined }>({
    isPending: false,
    variables: undefined,
  });
  const latest = useRef(opts);
  latest.current = opts;
  const mutateAsync = useCallback(
    async (input: ApiInput<P>): Promise<ApiOutput<P>> => {
      setState({ isPending: true, variables: input });
      try {
        const data = (await mutateByPath(path, input)) as ApiOutput<P>;
        await latest.current.onSuccess?.(data, input);
        return data;
      } catch (err) {
        await latest.current.onError?.(err as ApiError);
        throw err;
      } finally {
        setState((s) => ({ ...s, isPending: false }));
      }
    },
    [path],
  );
  const mutate = useCallback((input: ApiInput<P>) => void mutateAsync(input).catch(() => undefined), [mutateAsync]);
  return { mutate, mutateAsync, isPending: state.isPending, variables: state.variables };
}
