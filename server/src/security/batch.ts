/**
 * Request size and tRPC batch limits (docs/security.md). A batched call (`/trpc/a.b,c.d?batch=1`) runs every
 * procedure it names; unchecked, one request checked 300 passwords. So a batch that holds a log-in or sign-up
 * (any `auth.` procedure sent as a POST beside other calls) is refused, and a batch is at most `MAX_BATCH_MUTATIONS` writes or
 * `MAX_BATCH_QUERIES` reads; every call of an allowed batch still counts against the rate limits on its own.
 */

/** The largest request body, in bytes (256 KiB; JSON inputs are far smaller). */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** The longest request URL (a GET query's input travels in it), in characters. */
export const MAX_URL_CHARS = 16 * 1024;
/** At most this many mutations in one batched request. */
export const MAX_BATCH_MUTATIONS = 5;
/** At most this many queries in one batched request (the busiest page loads about a dozen at once). */
export const MAX_BATCH_QUERIES = 40;

/** 413's sentence. */
export function tooLargeMessage(): string {
  return `This request is too large: at most ${BODY_LIMIT_BYTES / 1024} KB of data and ${MAX_URL_CHARS / 1024} KB of address. Please send less at once.`;
}

/**
 * Checks a request's batch: null when it may go on, else the status (400 or 413) and sentence to answer.
 * `url` is the raw request URL ("/trpc/auth.logIn,auth.logIn?batch=1").
 */
export function checkTrpcBatch(method: string, url: string): { status: 400 | 413; message: string } | null {
  if (!url.startsWith('/trpc/')) return null;
  const [pathPart = '', query = ''] = url.slice('/trpc/'.length).split('?', 2);
  if (!new URLSearchParams(query).has('batch')) return null;
  let names: string[];
  try {
    names = decodeURIComponent(pathPart).split(',');
  } catch {
    return { status: 400, message: 'This request is not valid.' };
  }
  const writes = method === 'POST';
  // The web client sends even a single call as a batch of one: only a batch of several is checked.
  if (names.length <= 1) return null;
  if (writes && names.some((n) => n.startsWith('auth.')))
    return { status: 400, message: 'Log-in and sign-up requests cannot be batched: please send them one at a time.' };
  const max = writes ? MAX_BATCH_MUTATIONS : MAX_BATCH_QUERIES;
  if (names.length > max)
    return { status: 413, message: `Too many calls in one request: at most ${max} ${writes ? 'changes' : 'reads'} at once.` };
  return null;
}
