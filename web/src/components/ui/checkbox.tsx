import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';

/** A Radix checkbox. Label it with `aria-labelledby` or a wrapping label. */
export function Checkbox({
  checked,
  onCheckedChange,
  id,
  label,
}: {
  checked: boolean;
  onCheckedChange: (v: boolean) => void;
  id?: string;
  label?: string;
}) {
  return (
    <RadixCheckbox.Root
      id={id}
      checked={checked}
      aria-label={label}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      className="flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 border-slate-400 bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
    >
      <RadixCheckbox.Indicator>
        <Check className="h-4 w-4 text-white" aria-hidden="true" />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
