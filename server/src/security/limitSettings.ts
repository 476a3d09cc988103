/**
 * The shapes of the abuse limits (docs/security.md): kept apart from security/limits.ts so that deps.ts can name
 * them without importing the limiter (which itself reads AppDeps): no import circle.
 */

/** One limit: at most `max` calls per `windowMs` milliseconds. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

/** The limits in force; `AppDeps.limits` may override some (tests relax the per-client ones). */
export interface LimitSettings {
  /**
   * Writes that send an e-mail (sign-up, password reset, resend verification, e-mail change, newsletter,
   * affiliate, early access, promo redemption, flight alert), per client and procedure.
   */
  emailWritePerClient: LimitRule;
  /** The same writes per target e-mail address and procedure (no mailbox is bombed from many addresses). */
  emailWritePerAddress: LimitRule;
  /** Log-in attempts per client across every account (password spraying). */
  logInPerClient: LimitRule;
  /** Promo-code guesses per client (the next guess past it blocks the client for one window). */
  promoGuessPerClient: LimitRule;
  /** Promo-code guesses from every client together: the global budget (security/promoGuesses.ts, docs/decisions/047). */
  promoGuessGlobal: LimitRule;
  /** Promo-code guesses per client while the global budget is spent. */
  promoGuessPerClientWhenSpent: LimitRule;
}
