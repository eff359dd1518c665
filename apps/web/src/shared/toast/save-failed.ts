import { toast } from './toast';

/**
 * Replaces whatever toast is up (often the "Saved" of the previous save) when a save fails, so a stale
 * success never sits beside a form that did not save. `reason` is the form's own message, when it has one.
 */
export function toastSaveFailed(reason: string | null): void {
  toast.error(reason ?? 'Correct the marked fields and save again.', { title: 'Your changes were not saved' });
}
