import { z } from 'zod';

import { EMAIL_PATTERN } from './patterns.ts';

/** Input schemas shared by the server and the web app (messages from spec part 1 §5 and §8). */
export { EMAIL_PATTERN };

export const emailSchema = z
  .string({ error: 'Email Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email Required')
  .max(254, 'Please enter a valid email address')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');

export const passwordSchema = z
  .string({ error: 'You must provide either an email or phone number and a password.' })
  .min(1, 'You must provide either an email or phone number and a password.')
  .max(200, 'Password is too long.');

export const signUpInput = z.object({
  fullName: z
    .string({ error: 'Please enter your full name to sign up.' })
    .trim()
    .min(1, 'Please enter your full name to sign up.')
    .max(120, 'Full name is too long.'),
  email: emailSchema,
  password: passwordSchema.refine((p) => p.length >= 8, 'Password should be at least 8 characters.'),
});

export const logInInput = z.object({ email: emailSchema, password: passwordSchema });

/** A ThemeParks.wiki entity id (UUID-like). */
export const entityId = z
  .string({ error: 'Please select a theme park.' })
  .trim()
  .min(1, 'Please select a theme park.')
  .max(100, 'Invalid id.');

export const parkInput = z.object({ parkId: entityId });

/** 'YYYY-MM-DD' */
export const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-04-14.');
/** 'HH:mm' (24 h) */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times look like 09:30.');

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
      z.object({ parkId: entityId, active: z.boolean(), rides: z.array(z.object({ rideId: entityId, active: z.boolean() })).max(500) }),
    )
    .max(100),
});

/** Follower counts: coerced to whole numbers ≥ 0; blank means 0 (spec part 2 §5 "coerced"). */
const followerCount = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : v),
  z.coerce.number({ error: 'Enter a number' }).int('Enter a whole number').min(0, 'Cannot be negative').max(2_000_000_000),
);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * Affiliate application (spec part 2 §5): name ≥ 2 ("Name must be at least 2 characters"), valid e-mail
 * ("Invalid email address"), primary platform required ("Please select your primary platform"), why-join
 * ≥ 10 ("Please tell us more (at least 10 characters)"), follower counts coerced to numbers, and at least one
 * count above 0 — reported on the primary platform field.
 */
export const affiliateApplicationInput = z
  .object({
    fullName: z.string({ error: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(120),
    email: z.string({ error: 'Invalid email address' }).trim().toLowerCase().regex(EMAIL_PATTERN, 'Invalid email address').max(254),
    phone: optionalText(40),
    instagramHandle: optionalText(100),
    instagramFollowers: followerCount,
    tiktokHandle: optionalText(100),
    tiktokFollowers: followerCount,
    youtubeChannel: optionalText(200),
    youtubeSubscribers: followerCount,
    twitterHandle: optionalText(100),
    twitterFollowers: followerCount,
    primaryPlatform: z.enum(['instagram', 'tiktok', 'youtube', 'twitter', 'other'], { error: 'Please select your primary platform' }),
    contentNiche: optionalText(200),
    whyJoin: z
      .string({ error: 'Please tell us more (at least 10 characters)' })
      .trim()
      .min(10, 'Please tell us more (at least 10 characters)')
      .max(3000),
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
