import { TRPCClientError } from '@trpc/client';

/** The tRPC error code of a failed call ('BAD_REQUEST', 'CONFLICT', 'SERVICE_UNAVAILABLE', …), or undefined. */
export function trpcErrorCode(err: unknown): string | undefined {
  return err instanceof TRPCClientError ? (err.data as { code?: string } | undefined)?.code : undefined;
}
