import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

// obscenity's English dataset with its recommended transformers catches letter substitutions (f4ck, sh1t …).
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/**
 * Masks offensive words with asterisks of equal length (docs/spec/part-2.md §5: the filtered text is what is stored).
 * Returns the text and whether anything was masked ("Content Filtered" toast).
 */
export function filterProfanity(text: string): { text: string; filtered: boolean } {
  const matches = matcher.getAllMatches(text, true);
  if (matches.length === 0) return { text, filtered: false };
  // Mask exactly the matched characters of the original text (indices are inclusive), so lengths stay equal.
  const chars = text.split(''); // UTF-16 units, like obscenity's match indices
  for (const m of matches) for (let i = m.startIndex; i <= m.endIndex && i < chars.length; i++) chars[i] = '*';
  return { text: chars.join(''), filtered: true };
}

/** Filters an optional text; empty strings become null. */
export function filterOptional(text: string | null | undefined): { text: string | null; filtered: boolean } {
  const t = text?.trim();
  if (!t) return { text: null, filtered: false };
  return filterProfanity(t);
}
