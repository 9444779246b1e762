import { DISABLED_MESSAGE, SUCCESS_MESSAGE } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { messageOfError } from './api.ts';

// In api.ts, beside ApiError: the sign-in page shows errors without loading the notifications.
export { messageOfError };

/** Success notification: the spec's default text 'avec succès' unless a specific message is given. */
export function notifySuccess(message?: string): void {
  notifications.show({ color: 'teal', message: message || SUCCESS_MESSAGE, autoClose: 4000 });
}

/** Shown when a person is deactivated (spec section 8). */
export function notifyDisabled(): void {
  notifySuccess(DISABLED_MESSAGE);
}

export function notifyError(e: unknown): void {
  notifications.show({ color: 'red', message: messageOfError(e), autoClose: 8000 });
}
