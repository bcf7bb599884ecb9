import { type NotificationData, notifications } from '@mantine/notifications';
import { isApiError } from './api-client';

/** Toasts last 1 to 6 s; order placement errors 5 s each; the no-driver notice 60 s. */
export const TOAST_MS = { success: 3000, error: 5000, placement: 5000, noDrivers: 60_000 } as const;

/**
 * Where toasts appear: bottom left, above the quick screen's form (about 150 px high), over the
 * order list's first columns. Not at the right, where 'Comandă' places an order on both
 * consoles; not at the top, over the header's menus and the top bar's buttons.
 */
export const TOAST_PLACEMENT = {
  position: 'bottom-left',
  containerWidth: 360,
  // Its own height: the (empty) top containers get the bottom too, and would stretch over the
  // page and take its clicks.
  styles: { root: { bottom: 176, height: 'fit-content' } },
} as const;

/**
 * Shows a toast that closes when its time is up even under the mouse: Mantine pauses the
 * timer while a toast is hovered, and a toast that appears under a resting pointer stayed.
 */
export function showToast(toast: NotificationData & { autoClose: number }): string {
  const id = notifications.show(toast);
  window.setTimeout(() => notifications.hide(id), toast.autoClose);
  return id;
}

export function toastSuccess(message: string, autoClose: number = TOAST_MS.success): void {
  showToast({ message, color: 'green', autoClose, withBorder: true });
}

export function toastError(message: string, autoClose: number = TOAST_MS.error): void {
  showToast({ message, color: 'red', autoClose, withBorder: true });
}

/**
 * The messages of a failed request, one per toast ("each server message is shown
 * as an error toast"). Validation errors give one message per field message; anything else
 * its single message (a 409's refusal, a 404, the network).
 */
export function apiErrorMessages(error: unknown): string[] {
  if (!isApiError(error)) {
    return [error instanceof Error && error.message ? error.message : 'A apărut o eroare.'];
  }
  const fieldMessages = Object.values(error.fieldErrors).flat();
  return fieldMessages.length > 0 ? fieldMessages : [error.message];
}

/** Shows every message of a failed request as its own error toast. */
export function toastApiError(error: unknown, autoClose: number = TOAST_MS.error): void {
  for (const message of apiErrorMessages(error)) toastError(message, autoClose);
}
