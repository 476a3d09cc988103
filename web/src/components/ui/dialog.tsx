import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';

/**
 * A modal dialog (Radix Dialog) with a title and a close button; controlled by `open` / `onOpenChange`.
 * `returnFocus`: where focus goes on close when the dialog was opened without a Radix trigger.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  title: string;
  children: ReactNode;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={
            returnFocus
              ? (e) => {
                  e.preventDefault();
                  returnFocus.current?.focus();
                }
              : undefined
          }
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[94vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
