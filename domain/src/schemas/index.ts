import { z } from 'zod';
import { EMAIL_PATTERN, MAX_LENGTH, normalisePromoCode } from '../patterns.ts';
import { MAX_PASS_DATES } from '../pricing.ts';
import { checkoutSessionId, controlCharMessage, dateOnly, entityId, SINGLE_LINE_CONTROL, text, timeOfDay } from './common.ts';
import { watchSettingsFields } from './watchSettings.ts';

/**
 * Input schemas shared by the server (which enforces them) and the web app (which checks forms with the same
 * rules before sending), with the messages of docs/spec/part-1.md §5 and §8. The feature files beside this one hold
 * the schemas of one feature each; this file re-exports them and holds the account, alert, affiliate,
 * checkout, promo and flight inputs.
 */

export * from './admin.ts';
export * from './affiliate.ts';
export * from './alertCaps.ts';
export * from './checklist.ts';
export {
  checkoutSessionId,
  controlCharMessage,
  dateOnly,
  entityId,
  fieldLabel,
  humanIssue,
  MULTILINE_CONTROL,
  SINGLE_LINE_CONTROL,
  text,
  timeOfDay,
} from './common.ts';
export * from './features.ts';
export * from './lightningLane.ts';
export * from './mutes.ts';
export * from './push.ts';
export * from './rankings.ts';
export * from './restaurants.ts';
export * from './returnTimeAlerts.ts';
export * from './site.ts';
export * from './watchSettings.ts';

/** An e-mail address: trimmed, lower-cased, at most MAX_LENGTH.email, EMAIL_PATTERN (docs/spec/part-1.md §5 messages). */
export const emailSchema = z
  .string({ error: 'Email Required' })
  .trim()
  .toLowerCase()
  .refine((v) => !SINGLE_LINE_CONTROL.test(v), { message: controlCharMessage('E-mail address'), abort: true })
  .min(1, 'Email Required')
  .max(MAX_LENGTH.email, 'Please enter a valid email address')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');

/** Said when the password field is empty (login is by e-mail and password only; there is no phone login). */
export const PASSWORD_REQUIRED = 'Please enter your password.';

/** A password being checked at log-in (any length up to MAX_LENGTH.password; never trimmed). */
export const passwordSchema = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .max(MAX_LENGTH.password, `Password is too long: at most ${MAX_LENGTH.password} characters.`);

/** Longest new password (NIST SP 800-63B asks for at least 64). */
export const PASSWORD_MAX = 128;
/** Shortest new password (NIST SP 800-63B). */
export const PASSWORD_MIN = 8;

/**
 * A NEW password — sign-up, and every reset and change path uses this one schema: 8–128 characters, never
 * trimmed. The server also refuses common and guessable passwords (`assertStrongPassword`,
 * server/src/auth/passwordPolicy.ts; zxcvbn stays out of the web bundle).
 */
export const newPasswordSchema = z
  .string({ error: 'Please choose a password.' })
  .min(PASSWORD_MIN, `Password should be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password is too long: at most ${PASSWORD_MAX} characters.`);

export const signUpInput = z.object({
  fullName: text('Full name', {
    min: 1,
    max: MAX_LENGTH.fullName,
    required: 'Please enter your full name to sign up.',
    tooLong: 'Full name is too long.',
  }),
  email: emailSchema,
  password: newPasswordSchema,
  /** The same-site page the e-mailed link returns to once the account exists (docs/decisions/046). */
  next: text('Return page', { max: 512 }).optional(),
});

export const logInInput = z.object({ email: emailSchema, password: passwordSchema });

/** A token from an e-mailed account link (base64url, 20 random bytes). */
export const linkTokenSchema = z
  .string({ error: 'This link is invalid or has expired. Please ask for a new one.' })
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This link is invalid or has expired. Please ask for a new one.');

/** "Forgot password": the address to send a reset link to. */
export const passwordResetRequestInput = z.object({ email: emailSchema });
/** A new password from a reset link. */
export const passwordResetInput = z.object({ token: linkTokenSchema, password: newPasswordSchema });
/** Change password: the current one and the new one. */
export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.').max(200),
  newPassword: newPasswordSchema,
});
/** Change e-mail: the new address and the current password. */
export const changeEmailInput = z.object({
  newEmail: emailSchema,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200),
});
/** Delete account: the current password. */
export const deleteAccountInput = z.object({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200),
});
/** An e-mailed link opened while signed in (/verify-email). */
export const emailLinkInput = z.object({ token: linkTokenSchema });
/** Grant or revoke a role by account e-mail (/admin roles). */
export const roleChangeInput = z.object({
  email: emailSchema,
  role: z.enum(['admin', 'moderator'], { error: 'Please choose the moderator or admin role.' }),
});

export const parkInput = z.object({ parkId: entityId });

export const saveRidesInput = z.object({ parkId: entityId, rideIds: z.array(entityId).max(500) });

export const activateInput = z.object({
  parkId: entityId,
  rideIds: z.array(entityId).min(1, 'Please select at least one ride to monitor before activating alerts.').max(500),
  startDate: dateOnly.optional(),
  startTime: timeOfDay.optional(),
});

export const testAlertInput = z.object({ parkId: entityId, bypassCooldown: z.boolean().optional() });

export const manageSaveInput = z.object({
  parks: z
    .array(
      z.object({
        parkId: entityId,
        active: z.boolean(),
        /** Per ride: the toggle and, when given, the watch's alert settings (docs/DESIGN.md §2.3). */
        rides: z.array(z.object({ rideId: entityId, active: z.boolean(), settings: watchSettingsFields.optional() })).max(500),
      }),
    )
    .max(100),
});

/** Follower counts: coerced to whole numbers ≥ 0; blank means 0 (docs/spec/part-2.md §5 "coerced"). */
const followerCount = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : v),
  z.coerce.number({ error: 'Enter a number' }).int('Enter a whole number').min(0, 'Cannot be negative').max(2_000_000_000),
);
const optionalText = (label: string, max: number) =>
  text(label, { max, tooLong: `Please keep this under ${max.toLocaleString('en-US')} characters.` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Longest values of the affiliate application's fields, in characters (the form's maxLength and counters use them). */
export const AFFILIATE_LIMITS = {
  fullName: 120,
  email: 254,
  phone: 40,
  handle: 100,
  channel: 200,
  contentNiche: 200,
  whyJoin: 3000,
} as const;

/**
 * Affiliate application (docs/spec/part-2.md §5): name ≥ 2 ("Name must be at least 2 characters"), valid e-mail
 * ("Invalid email address"), primary platform required ("Please select your primary platform"), why-join
 * ≥ 10 ("Please tell us more (at least 10 characters)") and at most 3,000 (a message that says so), follower counts coerced to numbers, and at least one
 * count above 0 — reported on the primary platform field.
 */
export const affiliateApplicationInput = z
  .object({
    fullName: text('Name', {
      min: 2,
      max: AFFILIATE_LIMITS.fullName,
      required: 'Name must be at least 2 characters',
      tooShort: 'Name must be at least 2 characters',
      tooLong: `Please keep your name under ${AFFILIATE_LIMITS.fullName} characters.`,
    }),
    email: z
      .string({ error: 'Invalid email address' })
      .trim()
      .toLowerCase()
      .regex(EMAIL_PATTERN, 'Invalid email address')
      .max(AFFILIATE_LIMITS.email, 'Invalid email address'),
    phone: optionalText('Phone', AFFILIATE_LIMITS.phone),
    instagramHandle: optionalText('Instagram handle', AFFILIATE_LIMITS.handle),
    instagramFollowers: followerCount,
    tiktokHandle: optionalText('TikTok handle', AFFILIATE_LIMITS.handle),
    tiktokFollowers: followerCount,
    youtubeChannel: optionalText('YouTube channel', AFFILIATE_LIMITS.channel),
    youtubeSubscribers: followerCount,
    twitterHandle: optionalText('Twitter handle', AFFILIATE_LIMITS.handle),
    twitterFollowers: followerCount,
    primaryPlatform: z.enum(['instagram', 'tiktok', 'youtube', 'twitter', 'other'], { error: 'Please select your primary platform' }),
    contentNiche: optionalText('Content niche', AFFILIATE_LIMITS.contentNiche),
    // text() checks control characters and the minimum; the limit is checked here so the message can count.
    whyJoin: text('Why you want to join', {
      min: 10,
      max: Number.MAX_SAFE_INTEGER,
      multiline: true,
      required: 'Please tell us more (at least 10 characters)',
      tooShort: 'Please tell us more (at least 10 characters)',
    }).max(AFFILIATE_LIMITS.whyJoin, {
      error: (iss) =>
        `Please keep this under ${AFFILIATE_LIMITS.whyJoin.toLocaleString('en-US')} characters (yours has ${
          typeof iss.input === 'string' ? iss.input.length.toLocaleString('en-US') : 'more'
        }).`,
    }),
  })
  .superRefine((v, ctx) => {
    if (v.instagramFollowers + v.tiktokFollowers + v.youtubeSubscribers + v.twitterFollowers <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['primaryPlatform'],
        message: 'Please provide at least one social media handle with follower count',
      });
    }
  });

/** A promo code: trimmed, upper-cased (docs/spec/part-1.md §5 "Promo Code Required / Please enter a promo code."). */
export const promoCodeSchema = z
  .string({ error: 'Please enter a promo code.' })
  .transform(normalisePromoCode)
  .pipe(z.string().min(1, 'Please enter a promo code.').max(MAX_LENGTH.promoCode, 'The promo code you entered is not valid.'));

/** The dates of a pass (docs/spec/part-1.md §5 "Date Required / Please select at least one date."). */
export const passDates = z
  .array(dateOnly, { error: 'Please select at least one date.' })
  .min(1, 'Please select at least one date.')
  .max(MAX_PASS_DATES, `Please select at most ${MAX_PASS_DATES} dates.`);

/**
 * checkout.create (docs/spec/part-1.md §7 create-checkout, docs/decisions/012). `from` picks the return pages:
 * the landing card (anonymous; identity is the e-mail) or Get Alerts (signed in; the account's e-mail).
 */
export const checkoutCreateInput = z
  .object({
    from: z.enum(['landing', 'get-alerts']),
    email: emailSchema,
    parkId: entityId,
    channel: z.enum(['email', 'sms']),
    phone: text('Phone number', { max: MAX_LENGTH.phone, tooLong: 'Please enter a valid phone number.' }).optional(),
    dates: passDates,
    promoCode: promoCodeSchema.optional(),
  })
  .refine((v) => v.channel === 'email' || (v.phone ?? '').length > 0, {
    path: ['phone'],
    message: 'Please enter a valid phone number for SMS alerts.',
  });

export const checkoutConfirmInput = z.object({ sessionId: checkoutSessionId });

export const promoCheckInput = z.object({ code: promoCodeSchema });

/** The success page of a free promo pass: the redemption's id. */
export const promoOutcomeInput = z.object({ redemptionId: z.uuid('This is not a promo pass reference.') });

/** The free e-mail form behind a valid promo code (docs/spec/part-1.md §2 "Want alerts for FREE?"). */
export const promoRedeemInput = z.object({
  email: emailSchema,
  parkId: entityId,
  code: promoCodeSchema,
  /** First free day (park-local); default today. */
  date: dateOnly.optional(),
});

/** An admin's new promo code (docs/decisions/013). */
export const promoCreateInput = z
  .object({
    code: z
      .string()
      .transform(normalisePromoCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, 'Codes are 3–40 letters, digits, - or _.')),
    kind: z.enum(['free_days', 'percent_off']),
    channel: z.enum(['email', 'sms', 'any']),
    days: z.coerce.number().int().min(1, 'At least 1 day.').max(30, 'At most 30 days.').default(1),
    percentOff: z.coerce.number().int().min(1, 'Between 1 and 99 percent.').max(99, 'Between 1 and 99 percent.').nullable().default(null),
    maxUses: z.coerce.number().int().min(1, 'At least 1 use.').nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true, error: 'Pick an expiry date and time.' }).nullable().default(null),
  })
  .refine((v) => v.kind !== 'percent_off' || v.percentOff !== null, { path: ['percentOff'], message: 'Between 1 and 99 percent.' })
  .refine((v) => v.kind !== 'free_days' || v.channel !== 'sms', {
    path: ['channel'],
    message: 'Free days are for e-mail alerts.',
  });

export const promoSetActiveInput = z.object({ code: promoCodeSchema, active: z.boolean() });

/** docs/spec/part-2.md §5/§8 flight search: 'Missing Information' / this, when a required field is empty. */
export const FLIGHT_SEARCH_REQUIRED = 'Please fill in all required fields';
/** docs/spec/part-2.md §5/§8 flight alert: 'Missing Information' / this, when a field is empty. */
export const FLIGHT_ALERT_REQUIRED = 'Please fill in all fields to set up an alert';

/** An IATA airport code: three letters, upper-cased (docs/spec/part-2.md §5 "max 3 characters, uppercased"). */
const iataCode = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .toUpperCase()
    .min(1, required)
    .regex(/^[A-Z]{3}$/, 'Please enter a 3-letter airport code (e.g. JFK).');

const optionalAirport = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Please choose an airport from the list.')
  .nullable()
  .default(null);
const requiredDate = (required: string) => z.string({ error: required }).min(1, required).pipe(dateOnly);
const returnNotBeforeDeparture = {
  message: 'The return date cannot be before the departure date.',
  path: ['returnDate'],
};

/**
 * Flight search (docs/spec/part-2.md §2 Flight Deals, §5, §7 search-flights): home airport, a destination of the
 * fixed catalogue, an optional airport of it (null = all airports), departure and optional return
 * ('yyyy-MM-dd'; return not before departure). "Not before today" is checked on the server in the home
 * airport's time zone.
 */
export const flightSearchInput = z
  .object({
    origin: iataCode(FLIGHT_SEARCH_REQUIRED),
    destinationId: text('Destination', { min: 1, max: 40, required: FLIGHT_SEARCH_REQUIRED }),
    airport: optionalAirport,
    departureDate: requiredDate(FLIGHT_SEARCH_REQUIRED),
    returnDate: dateOnly.nullable().default(null),
  })
  .refine((v) => !v.returnDate || v.returnDate >= v.departureDate, returnNotBeforeDeparture);

/** A maximum price that is not a number of dollars ('abc', '1e9'). */
export const FLIGHT_ALERT_NOT_A_PRICE = 'Please enter the maximum price as a whole number of US dollars, e.g. 300.';

/**
 * The maximum price as typed → whole US dollars ("parsed as an integer", docs/spec/part-2.md §5: '199.99' → 199), with
 * '$', spaces and thousands commas ignored and a typographic minus read as '-' (so '−50' is reported as below
 * $1, not as missing). '' → undefined (the field is empty: 'Missing Information'); anything else that is not
 * a plain decimal number → NaN (FLIGHT_ALERT_NOT_A_PRICE).
 */
export function parseMaxPrice(v: number | string): number | undefined {
  if (typeof v === 'number') return Math.trunc(v);
  const t = v.replace(/[\s$,]/g, '').replace(/^[\u2212\u2012\u2013\u2014]/, '-');
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Math.trunc(Number(t)) : Number.NaN;
}

/**
 * Flight price alert (docs/spec/part-2.md §3, §5): the search fields plus e-mail and a maximum price in whole US
 * dollars ("parsed as an integer": 199.99 → 199; at least $1).
 */
export const flightAlertInput = z
  .object({
    homeAirport: iataCode(FLIGHT_ALERT_REQUIRED),
    destinationId: text('Destination', { min: 1, max: 40, required: FLIGHT_ALERT_REQUIRED }),
    airport: optionalAirport,
    email: z.string({ error: FLIGHT_ALERT_REQUIRED }).trim().min(1, FLIGHT_ALERT_REQUIRED).pipe(emailSchema),
    maxPrice: z
      .union([z.number(), z.string()], { error: FLIGHT_ALERT_REQUIRED })
      .transform(parseMaxPrice)
      .pipe(
        z
          .number({ error: (iss) => (iss.input === undefined ? FLIGHT_ALERT_REQUIRED : FLIGHT_ALERT_NOT_A_PRICE) })
          .int(FLIGHT_ALERT_NOT_A_PRICE)
          .min(1, 'Please enter a maximum price of at least $1.')
          .max(100_000, 'Please enter a maximum price up to $100,000.'),
      ),
    departureDate: requiredDate(FLIGHT_ALERT_REQUIRED),
    returnDate: dateOnly.nullable().default(null),
  })
  .refine((v) => !v.returnDate || v.returnDate >= v.departureDate, returnNotBeforeDeparture);

/** Newsletter sign-up (docs/spec/part-1.md §3, §8). */
export const newsletterInput = z.object({ email: z.string({ error: 'Please enter a valid email address' }).pipe(emailSchema) });
