import { z } from 'zod';
import { EMAIL_PATTERN, MAX_LENGTH } from '../patterns.ts';
import { FEATURE_KEYS, FEATURE_STATES } from '../rules/features.ts';
import { text } from './common.ts';

/** Input schemas of the feature gates (docs/decisions/016, docs/DESIGN.md §6), shared by the server and the web app. */

export const featureKey = z.enum(FEATURE_KEYS, { error: 'Unknown feature.' });
export const featureState = z.enum(FEATURE_STATES, { error: 'Choose off, early access or on.' });

export const featureStatusInput = z.object({ key: featureKey });

/** The five-click form: who asks (e-mail) and, optionally, why. */
export const earlyAccessRequestInput = z.object({
  key: featureKey,
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(MAX_LENGTH.email, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  message: text('Message', {
    max: MAX_LENGTH.earlyAccessMessage,
    multiline: true,
    tooLong: `Please keep your message under ${MAX_LENGTH.earlyAccessMessage} characters.`,
  }).optional(),
});

export const setFeatureInput = z.object({
  key: featureKey,
  state: featureState,
  /** The expected launch shown to visitors while it lies ahead ('' = none: "Early access"). */
  launchLabel: text('Launch label', {
    max: MAX_LENGTH.launchLabel,
    tooLong: `Keep the launch label under ${MAX_LENGTH.launchLabel} characters.`,
  }).default(''),
});

/** Grant early access to the account with this e-mail. */
export const grantFeatureInput = z.object({
  key: featureKey,
  email: z.string().trim().toLowerCase().regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});

export const revokeFeatureInput = z.object({ key: featureKey, userId: z.uuid('Invalid user id.') });

export const resolveAccessRequestInput = z.object({ id: z.uuid('Invalid request id.'), grant: z.boolean() });
