import { z } from 'zod';
import { EMAIL_PATTERN } from '../patterns.ts';
import { text } from './common.ts';

/** Input schemas of the feature gates (issue 6, DESIGN §6), shared by the server and the web app. */

export const featureKey = z.enum(['restaurant_alerts', 'lightning_lane'], { error: 'Unknown feature.' });
export const featureState = z.enum(['off', 'early_access', 'on'], { error: 'Choose off, early access or on.' });

export const featureStatusInput = z.object({ key: featureKey });

/** The five-click form: who asks (e-mail) and, optionally, why. */
export const earlyAccessRequestInput = z.object({
  key: featureKey,
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  message: text('Message', { max: 500, multiline: true, tooLong: 'Please keep your message under 500 characters.' }).optional(),
});

export const setFeatureInput = z.object({
  key: featureKey,
  state: featureState,
  /** The expected launch shown to visitors while it lies ahead ('' = none: "Early access"). */
  launchLabel: text('Launch label', { max: 40, tooLong: 'Keep the launch label under 40 characters.' }).default(''),
});

/** Grant early access to the account with this e-mail. */
export const grantFeatureInput = z.object({
  key: featureKey,
  email: z.string().trim().toLowerCase().regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});

export const revokeFeatureInput = z.object({ key: featureKey, userId: z.uuid('Invalid user id.') });

export const resolveAccessRequestInput = z.object({ id: z.uuid('Invalid request id.'), grant: z.boolean() });
