import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { AppError } from '../errors.ts';

/**
 * The one rule for a NEW password (sign-up, and every reset or change path): NIST SP 800-63B §3.1.1.2 — at
 * least 8 characters, at most 128 (the length limits live in `newPasswordSchema`, @walkon/domain/schemas), and not a
 * common, guessable one: zxcvbn (common + English dictionaries, keyboard patterns, repeats, sequences, the
 * person's own name and e-mail) must score it at least `MIN_SCORE` (0 = too guessable … 4 = very unguessable).
 * No composition rules, no CAPTCHA.
 */
export const MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

/**
 * The sentence telling why `password` is refused, or null when it is strong enough. `related` are words of
 * the person (name, e-mail) that must not make up the password.
 */
export async function weakPasswordMessage(password: string, related: string[] = []): Promise<string | null> {
  const words = related.flatMap((r) => r.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3);
  const result = await zxcvbn().check(password, words);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning;
  const hint = 'Try a longer passphrase of a few unrelated words.';
  if (why && /heavily used|commonly used|top-10|top-100|common/i.test(why)) return `This password is too common and easy to guess. ${hint}`;
  if (why) return `This password is too easy to guess: ${why.replace(/\.$/, '')}. ${hint}`;
  return `This password is too easy to guess. ${hint}`;
}

/**
 * Refuses a weak new password. @throws AppError BAD_REQUEST with `weakPasswordMessage`'s sentence.
 */
export async function assertStrongPassword(password: string, related: string[] = []): Promise<void> {
  const message = await weakPasswordMessage(password, related);
  if (message) throw new AppError('BAD_REQUEST', message);
}

/** zxcvbn's estimate of how many guesses `value` takes, as log10 (the same dictionaries as passwords). */
export async function guessesLog10(value: string): Promise<number> {
  return (await zxcvbn().check(value)).guessesLog10;
}
