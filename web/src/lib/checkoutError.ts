/** A field of the checkout request (checkoutCreateInput, @walkon/domain/schemas) a visitor can correct. */
export type CheckoutField = 'email' | 'phone' | 'parkId' | 'dates' | 'promoCode';

/** Toast titles per field: what is wrong, in the words of docs/spec/part-1.md §5. */
const TITLES: Record<CheckoutField, string> = {
  email: 'Invalid Email',
  phone: 'Invalid Phone Number',
  parkId: 'Park Required',
  dates: 'Date Required',
  promoCode: 'Invalid Code',
};

/** What to tell the visitor when checkout.create fails, and which field to mark (null when none is at fault). */
export interface CheckoutFailure {
  title: string;
  description: string;
  field: CheckoutField | null;
  /** The refused values of `field` the server named (e.g. the held dates, 'yyyy-MM-dd'); empty when none. */
  values: string[];
}

/**
 * Reads a failed checkout.create call. A rejected request (BAD_REQUEST) names the field at fault — the server's
 * validation errors arrive as `data.zodError.fieldErrors` (the tRPC error formatter, server/src/trpc/init.ts) —
 * so a bad e-mail says "Invalid Email" with the server's sentence, never "Payment Error". Other failures keep
 * docs/spec/part-1.md §8's "Payment Error" with the server's message, else "Failed to start checkout process". A
 * refusal naming values of a field (`data.invalid`, e.g. held dates) marks that field with those values.
 */
export function checkoutFailure(err: unknown): CheckoutFailure {
  const e = err as {
    message?: unknown;
    data?: {
      code?: string;
      zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null;
      invalid?: { field?: unknown; values?: unknown } | null;
    };
  };
  const message = typeof e?.message === 'string' && e.message ? e.message : 'Failed to start checkout process';
  if (e?.data?.code === 'BAD_REQUEST') {
    const fields = e.data.zodError?.fieldErrors ?? {};
    for (const field of Object.keys(TITLES) as CheckoutField[]) {
      const first = fields[field]?.[0];
      if (first) return { title: TITLES[field], description: first, field, values: [] };
    }
    // A refusal about some values of one field (the server's `data.invalid`, e.g. dates the address already holds).
    const invalid = e.data.invalid;
    if (invalid && typeof invalid.field === 'string' && invalid.field in TITLES && Array.isArray(invalid.values)) {
      const values = invalid.values.filter((v): v is string => typeof v === 'string');
      const field = invalid.field as CheckoutField;
      return { title: field === 'dates' ? 'Dates Already Held' : TITLES[field], description: message, field, values };
    }
    return { title: 'Please check your details', description: message, field: null, values: [] };
  }
  return { title: 'Payment Error', description: message, field: null, values: [] };
}
