import { z } from 'zod';
import { TIME_OF_DAY } from '../patterns.ts';

/**
 * Every input's wording (COMMON rules: "a sentence a user understands, never a validator's wording"): a check
 * without its own message gets `humanIssue`'s sentence — the field's name, what is wrong and the real limit —
 * through zod's global error map (per-schema messages, e.g. the spec's texts, still win). Imported by every
 * schema file through this one, so the server and the web app word errors alike.
 */
const LABELS: Record<string, string> = {
  email: 'E-mail address',
  homeAirport: 'Home airport',
  parkId: 'Park',
  rideIds: 'Rides',
  rideId: 'Ride',
  itemId: 'Item',
  id: 'Id',
  whyJoin: 'Why you want to join',
  fullName: 'Full name',
  promoCode: 'Promo code',
  code: 'Code',
};

/** "fullName" → "Full name"; the last named segment of an issue path ("The request" at the top). */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((p): p is string => typeof p === 'string');
  if (!key) return 'The request';
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
  bigint: 'a whole number',
};

/** The user's sentence for one zod issue (code, path, limits) — never zod's own wording. */
export function humanIssue(iss: {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  origin?: string;
  expected?: string;
  maximum?: unknown;
  minimum?: unknown;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
}): string {
  const label = fieldLabel(iss.path ?? []);
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return `${label} is required.`;
      return `${label} must be ${KIND[iss.expected ?? ''] ?? 'of another kind'}.`;
    case 'too_big':
      if (iss.origin === 'string') return `${label} is too long: at most ${String(iss.maximum)} characters.`;
      if (iss.origin === 'array' || iss.origin === 'set') return `${label} has too many entries: at most ${String(iss.maximum)}.`;
      return `${label} must be at most ${String(iss.maximum)}.`;
    case 'too_small':
      if (iss.origin === 'string')
        return Number(iss.minimum) <= 1 ? `${label} is required.` : `${label} is too short: at least ${String(iss.minimum)} characters.`;
      if (iss.origin === 'array' || iss.origin === 'set')
        return `${label} needs at least ${String(iss.minimum)} ${Number(iss.minimum) === 1 ? 'entry' : 'entries'}.`;
      return `${label} must be at least ${String(iss.minimum)}.`;
    case 'invalid_value':
      return `${label} must be one of: ${(iss.values ?? []).map(String).join(', ')}.`;
    case 'invalid_format':
      if (iss.format === 'email') return `${label} must be a valid e-mail address.`;
      if (iss.format === 'uuid' || iss.format === 'guid') return `${label} is not a valid id.`;
      if (iss.format === 'date') return `${label} must be a date like 2026-04-14.`;
      if (iss.format === 'datetime') return `${label} must be a date and time.`;
      return `${label} is not in the expected format.`;
    case 'unrecognized_keys':
      return `Unknown field${(iss.keys ?? []).length === 1 ? '' : 's'}: ${(iss.keys ?? []).join(', ')}.`;
    default:
      return `${label} is not valid.`;
  }
}

z.config({ customError: (iss) => humanIssue(iss as Parameters<typeof humanIssue>[0]) });

/** C0 control characters except tab, line feed and carriage return; DEL; C1 controls (NUL included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
export const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Every control character, tab and line breaks included (single-line fields). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
export const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** "Full name contains a character that is not allowed (a control character such as NUL)." */
export const controlCharMessage = (label: string) => `${label} contains a character that is not allowed (a control character such as NUL).`;

/**
 * The one string schema for free-text input: a string (`required` is the message when it is missing or
 * empty), trimmed unless `trim: false`, refused with `controlCharMessage` when it holds a control character
 * (tab and line breaks are allowed only with `multiline`), and at most `max` characters ("… is too long: at
 * most N characters."). `min` > 1 adds "… is too short". Optional/nullable wrapping is the caller's.
 */
export function text(
  label: string,
  opts: { max: number; min?: number; multiline?: boolean; trim?: boolean; required?: string; tooLong?: string; tooShort?: string },
) {
  const control = opts.multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL;
  const required = opts.required ?? `${label} is required.`;
  let s = z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : `${label} must be text.`) });
  if (opts.trim !== false) s = s.trim();
  s = s.refine((v) => !control.test(v), { message: controlCharMessage(label), abort: true });
  if (opts.min && opts.min > 0)
    s = s.min(opts.min, opts.min === 1 ? required : (opts.tooShort ?? `${label} is too short: at least ${opts.min} characters.`));
  return s.max(opts.max, opts.tooLong ?? `${label} is too long: at most ${opts.max} characters.`);
}

/**
 * Field schemas every input schema shares (./index.ts and the feature files beside this one
 * import them from here, which keeps the feature files free of an import cycle with index.ts).
 */

/** A real calendar date 'YYYY-MM-DD' (an impossible one such as 2026-02-30 is a 400 here, never a database error). */
export const dateOnly = z.iso.date('Dates look like 2026-04-14.');

/** 'HH:mm' (24 h) */
export const timeOfDay = z.string().regex(TIME_OF_DAY, 'Times look like 09:30.');

/** A Stripe Checkout Session id from a payment-return URL. */
export const checkoutSessionId = z
  .string()
  .trim()
  .regex(/^cs_[A-Za-z0-9_]{4,200}$/, 'This payment link is not valid.');

/** A ThemeParks.wiki entity id (UUID-like). */
export const entityId = text('Id', { min: 1, max: 100, required: 'Please select a theme park.', tooLong: 'Invalid id.' });
