import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/** Error codes services use; mapped to tRPC codes (and HTTP statuses) in one place: `toTrpcCode`. */
export type AppErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'UNAVAILABLE';

/**
 * The input values a refusal is about, so the page can mark them where they were entered (e.g. the held dates of a
 * checkout on their date chips): `field` is the input's name, `values` the refused values. Sent as `data.invalid`.
 */
export interface InvalidValues {
  field: string;
  values: string[];
}

/** A rule violation with a message fit to show the user (docs/DESIGN.md §4: services throw AppError). */
export class AppError extends Error {
  /**
   * `retryAfterSeconds`: for TOO_MANY_REQUESTS, sent as the Retry-After header (seconds). `invalid`: the values of
   * one input the refusal is about (the tRPC error's `data.invalid`).
   */
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly invalid?: InvalidValues,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** AppError code → tRPC error code (HTTP 400, 401, 403, 404, 409, 429, 503). */
export function toTrpcCode(code: AppErrorCode): TRPC_ERROR_CODE_KEY {
  return code === 'UNAVAILABLE' ? 'SERVICE_UNAVAILABLE' : code;
}

const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

/** AppError code → HTTP status, for routes outside tRPC (the same statuses tRPC sends for `toTrpcCode`). */
export function httpStatusOf(code: AppErrorCode): number {
  return HTTP_STATUS[code];
}
