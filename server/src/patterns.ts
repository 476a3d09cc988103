/**
 * Plain patterns shared with the web app without pulling zod into its entry chunk.
 * E-mail: "text, at sign, text, dot, text, no spaces" (spec part 1 §5, the stricter pattern).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The longest value, in characters, each text input may hold: the server's schemas reject longer values and
 * the web app sets the same `maxLength` on the inputs, so nobody types what the server would refuse.
 */
export const MAX_LENGTH = {
  /** RFC 5321 path limit. */
  email: 254,
  phone: 40,
  promoCode: 40,
  password: 200,
  fullName: 120,
  /** Ranking item name and description, rating comment (spec part 2 §5 "Comments are limited to 1000 characters"). */
  itemName: 120,
  itemDescription: 1000,
  ratingComment: 1000,
  earlyAccessMessage: 500,
  /** Flight alert maximum price as typed ("$100,000"). */
  maxPrice: 9,
  testimonialName: 80,
  testimonialPark: 120,
  testimonialText: 600,
  launchLabel: 40,
} as const;
