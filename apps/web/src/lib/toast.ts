/**
 * Toasts (SPEC sections 2.2 and 4): top right, gone after 3 s, except type
 * 'notification', which stays until closed.
 */
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from './ui-settings';

export type ToastType = 'success' | 'error' | 'alert' | 'notification' | 'default';

const COLORS: Record<ToastType, string> = {
  success: 'green',
  error: 'red',
  alert: 'yellow',
  notification: 'blue',
  default: 'gray',
};

export function showToast(type: ToastType, message: string, title?: string): string {
  return notifications.show({
    color: COLORS[type],
    title,
    message,
    autoClose: type === 'notification' ? false : TOAST_DURATION_MS,
    withCloseButton: true,
  });
}

export const toast = {
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  alert: (message: string, title?: string) => showToast('alert', message, title),
  notification: (message: string, title?: string) => showToast('notification', message, title),
  default: (message: string, title?: string) => showToast('default', message, title),
};
