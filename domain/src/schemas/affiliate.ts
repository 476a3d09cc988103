import { z } from 'zod';

// Admin inputs of the affiliate applications (docs/spec/part-2.md §2, §5); the application form itself is
// `affiliateApplicationInput` (index.ts).

/** An application's review status. */
export const affiliateStatus = z.enum(['new', 'contacted', 'accepted', 'declined'], {
  error: 'Choose new, contacted, accepted or declined.',
});

/** The admin list: optionally one status. */
export const affiliateListInput = z.object({ status: affiliateStatus.optional() }).optional();

/** Sets one application's status. */
export const affiliateSetStatusInput = z.object({ id: z.uuid('Invalid id.'), status: affiliateStatus });
