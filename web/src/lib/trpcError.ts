/**
 * The tRPC error code of a failed call ('BAD_REQUEST', 'CONFLICT', 'SERVICE_UNAVAILABLE', …), or undefined; read
 * from the error's `data` as both clients give it (the tRPC client's TRPCClientError, lib/api.ts's ApiError).
 */
export function trpcErrorCode(err: unknown): string | undefined {
  const data = err instanceof Error ? (err as Error & { data?: unknown }).data : undefined;
  return data && typeof data === 'object' ? (data as { code?: string }).code : undefined;
}
