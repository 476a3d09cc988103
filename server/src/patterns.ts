/**
 * Plain patterns shared with the web app without pulling zod into its entry chunk.
 * E-mail: "text, at sign, text, dot, text, no spaces" (spec part 1 §5, the stricter pattern).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
