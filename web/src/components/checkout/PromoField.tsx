import { MAX_LENGTH, normalisePromoCode } from '@walkon/domain/patterns';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/field.tsx';

/**
 * Promo code input with an Apply button (docs/spec/part-1.md §5): the code is upper-cased as typed; Apply is disabled
 * while the code is blank or a check is running. Enter in the input applies too.
 */
export function PromoField({
  id,
  label = 'Promo code (optional)',
  value,
  onChange,
  onApply,
  checking,
  applied,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (v: string) => void;
  onApply: (code: string) => void;
  checking: boolean;
  /** Text shown under the field once a code is applied, e.g. '20% off applied'. */
  applied?: string | null;
}) {
  const code = normalisePromoCode(value);
  const apply = () => {
    if (code && !checking) onApply(code);
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={MAX_LENGTH.promoCode}
          className="uppercase"
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <Button variant="secondary" disabled={!code || checking} aria-busy={checking} onClick={apply}>
          {checking ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      {applied ? (
        <p className="text-sm font-medium text-green-800" role="status">
          {applied}
        </p>
      ) : null}
    </div>
  );
}
