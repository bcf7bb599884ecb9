import { notifications } from '@mantine/notifications';
import { isApiError } from './api-client';

/** Toasts last 1 to 6 s; order placement errors 5 s each. */
export const TOAST_MS = { success: 3000, error: 5000, placement: 5000, noDrivers: 60_000 } as const;

export function toastSuccess(message: string, autoClose: number = TOAST_MS.success): void {
  notifications.show({ message, color: 'green', autoClose, withBorder: true });
}

export function toastError(message: string, autoClose: number = TOAST_MS.error): void {
  notifications.show({ message, color: 'red', autoClose, withBorder: true });
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
