import type { ExternalToast } from 'sonner';

/**
 * A lazy front for sonner's `toast` (docs/spec/part-1.md §8 toasts): the same `toast.success/error/info/warning`
 * calls, but sonner (≈10 KB gzip with its styles) is only downloaded with the first toast, which keeps it out
 * of the JavaScript the landing page loads. Toasts raised before the Toaster mounts are replayed by sonner.
 */
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
type Show = (title: string, data?: ExternalToast) => void;

let sonner: Promise<typeof import('sonner')> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Downloads sonner once (the module the Toaster and `toast` share). */
export function loadSonner(): Promise<typeof import('sonner')> {
  sonner ??= import('sonner');
  return sonner;
}

function show(kind: Kind): Show {
  return (title, data) => {
    if (!wanted) {
      wanted = true;
      for (const l of listeners) l();
    }
    loadSonner().then(
      (m) => m.toast[kind](title, data),
      (err: unknown) => console.warn('toast failed to load', err),
    );
  };
}

/**
 * Shows a toast (sonner's API subset used by WalkOn): `toast.error('Title', { description })`. Pass an `id` to
 * replace the toast with that id instead of stacking another, and `toast.dismiss(id)` to take it away (a field's
 * error toast goes once the field is valid).
 */
export const toast: Record<Kind, Show> & { dismiss(id: string): void } = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
  dismiss(id) {
    // Nothing to dismiss before sonner was ever loaded (no toast was shown yet).
    if (sonner) void sonner.then((m) => m.toast.dismiss(id));
  },
};

/** The toast id of a form field's error toast (`toast.error(…, { id: fieldToastId('signup', 'phone') })`). */
export function fieldToastId(form: string, field: string): string {
  return `field:${form}:${field}`;
}

/** Whether a toast was asked for yet (the root mounts the Toaster from then on). */
export function toasterWanted(): boolean {
  return wanted;
}

/** Subscribes to `toasterWanted` changes (for useSyncExternalStore); returns the unsubscribe function. */
export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
