import { MAX_LENGTH } from '@walkon/domain/patterns';
import type { InputHTMLAttributes } from 'react';
import { Input } from '../ui/field.tsx';

/**
 * The phone number input of an SMS day pass (the hero signup card and the Get Alerts pricing dialog): a `tel`
 * input with the phone keyboard and autofill, at most MAX_LENGTH.phone (40) characters, and a US example
 * placeholder. The caller gives its id, value, onChange and aria-invalid; which numbers are valid is the
 * caller's rule (docs/spec/part-1.md §5: the signup card's or the Get Alerts one, domain/src/patterns.ts).
 */
export function SmsPhoneInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <Input maxLength={MAX_LENGTH.phone} type="tel" inputMode="tel" autoComplete="tel" placeholder="+1 407 555 0100" {...props} />;
}
