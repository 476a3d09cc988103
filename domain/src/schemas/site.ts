import { z } from 'zod';
import { text } from './common.ts';

// Admin inputs of the public site (docs/spec/part-1.md §2 landing; docs/DESIGN.md §6 admin-curated testimonials). The
// newsletter sign-up is `newsletterInput` (index.ts, with the e-mail schema).

/** Admin: a new testimonial (rating 1–5). */
export const testimonialInput = z.object({
  name: text('Name', { min: 1, max: 80 }),
  parkVisited: text('Park', { min: 1, max: 120 }),
  text: text('Testimonial', { min: 10, max: 600, multiline: true, tooShort: 'Testimonial must be at least 10 characters' }),
  rating: z.number().int().min(1).max(5),
});

/** Admin: one testimonial. */
export const testimonialIdInput = z.object({ id: z.uuid('Invalid id') });

/** Admin: the daily SMS capacity (spots); 0 hides the banner. */
export const smsCapacityInput = z.object({ capacity: z.number().int().min(0).max(100_000) });
