import { DISABLED_MESSAGE, errorMessageOf, SUCCESS_MESSAGE } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { isApiError } from './api.ts';
import { i18n } from './i18n.ts';

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

/** The text to show for any error: an ApiError already carries the spec's message → detail → own → fallback. */
export function messageOfError(e: unknown): string {
  if (isApiError(e)) return e.message;
  return errorMessageOf(null, e instanceof Error ? e.message : undefined);
}

export function notifyError(e: unknown): void {
  notifications.show({ color: 'red', message: messageOfError(e), autoClose: 8000, closeButtonProps: closeButtonProps() });
}
