import { EMAIL_PATTERN } from '@walkon/server/patterns';
import { isSignupPhone } from '@walkon/server/pricing';

/** What the signup card sends to checkout (spec part 1 §2 Signup card). */
export interface SignupValues {
  parkId: string;
  dates: string[];
  channel: 'email' | 'sms';
  phone: string;
  email: string;
}

/** The first problem with the signup card, as the toast shows it (spec part 1 §5), and the field to focus. */
export interface SignupProblem {
  field: 'park' | 'dates' | 'phone' | 'email';
  title: string;
  description: string;
}

/**
 * Checks the signup card in screen order (spec part 1 §5): park ("Park Required"), dates ("Date Required"),
 * phone for SMS (the signup card rule: 1–15 digits, non-zero first, optional +), e-mail (at sign and dot; the
 * server's pattern, so what passes here passes there). Returns null when it can go to checkout.
 */
export function signupProblem(v: SignupValues): SignupProblem | null {
  if (!v.parkId) return { field: 'park', title: 'Park Required', description: 'Please select a theme park.' };
  if (v.dates.length === 0) return { field: 'dates', title: 'Date Required', description: 'Please select at least one date.' };
  if (v.channel === 'sms') {
    if (!v.phone.trim())
      return { field: 'phone', title: 'Phone Number Required', description: 'Please enter a valid phone number (+ symbol optional)' };
    if (!isSignupPhone(v.phone))
      return { field: 'phone', title: 'Invalid Phone Number', description: 'Please enter a valid phone number (+ symbol optional)' };
  }
  const email = v.email.trim();
  if (!email) return { field: 'email', title: 'Email Required', description: 'Please enter a valid email address' };
  if (!EMAIL_PATTERN.test(email)) return { field: 'email', title: 'Invalid Email', description: 'Please enter a valid email address' };
  return null;
}
