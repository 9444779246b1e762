import { DISABLED_MESSAGE, SUCCESS_MESSAGE } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { messageOfError } from './api.ts';
import { i18n } from './i18n.ts';

// In api.ts, beside ApiError: the sign-in page shows errors without loading the notifications.
export { messageOfError };

/** The notification's close button says what it does (Mantine's has no name: axe « button-name »). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/** Success notification: the spec's default text 'avec succès' unless a specific message is given. */
export function notifySuccess(message?: string): void {
  notifications.show({ color: 'teal', message: message || SUCCESS_MESSAGE, autoClose: 4000, closeButtonProps: closeButtonProps() });
}

/** Shown when a person is deactivated (spec section 8). */
export function notifyDisabled(): void {
  notifySuccess(DISABLED_MESSAGE);
}

export function notifyError(e: unknown): void {
  notifications.show({ color: 'red', message: messageOfError(e), autoClose: 8000, closeButtonProps: closeButtonProps() });
}
