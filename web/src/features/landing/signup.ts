import { EMAIL_PATTERN, isSignupPhone } from '@walkon/domain/patterns';

/** What the signup card sends to checkout (docs/spec/part-1.md §2 Signup card). */
export interface SignupValues {
  parkId: string;
  dates: string[];
  channel: 'email' | 'sms';
  phone: string;
  email: string;
}

/** The first problem with the signup card, as the toast shows it (docs/spec/part-1.md §5), and the field to focus. */
export interface SignupProblem {
  field: 'park' | 'dates' | 'phone' | 'email';
  title: string;
  description: string;
}

const FIELDS: SignupProblem['field'][] = ['park', 'dates', 'phone', 'email'];

/**
 * The problem with one field of the signup card (docs/spec/part-1.md §5), or null when that field is fine: park ("Park
 * Required"), dates ("Date Required"), phone for SMS (the signup card rule: 1–15 digits, non-zero first,
 * optional +), e-mail (at sign and dot; the server's pattern, so what passes here passes there).
 */
export function signupFieldProblem(v: SignupValues, field: SignupProblem['field']): SignupProblem | null {
  switch (field) {
    case 'park':
      return v.parkId ? null : { field, title: 'Park Required', description: 'Please select a theme park.' };
    case 'dates':
      return v.dates.length > 0 ? null : { field, title: 'Date Required', description: 'Please select at least one date.' };
    case 'phone':
      if (v.channel !== 'sms') return null;
      if (!v.phone.trim())
        return { field, title: 'Phone Number Required', description: 'Please enter a valid phone number (+ symbol optional)' };
      return isSignupPhone(v.phone)
        ? null
        : { field, title: 'Invalid Phone Number', description: 'Please enter a valid phone number (+ symbol optional)' };
    case 'email': {
      const email = v.email.trim();
      if (!email) return { field, title: 'Email Required', description: 'Please enter a valid email address' };
      return EMAIL_PATTERN.test(email) ? null : { field, title: 'Invalid Email', description: 'Please enter a valid email address' };
    }
  }
}

/** The first problem with the signup card in screen order (`signupFieldProblem` per field); null = go to checkout. */
export function signupProblem(v: SignupValues): SignupProblem | null {
  for (const field of FIELDS) {
    const problem = signupFieldProblem(v, field);
    if (problem) return problem;
  }
  return null;
}

/**
 * Every problem with the signup card, in screen order, so the card shows each under its field at once (as the
 * affiliate form does) rather than one toast per missing field; [] = go to checkout.
 */
export function signupProblems(v: SignupValues): SignupProblem[] {
  return FIELDS.map((field) => signupFieldProblem(v, field)).filter((p): p is SignupProblem => p !== null);
}
