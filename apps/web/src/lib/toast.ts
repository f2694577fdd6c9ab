/**
 * Toasts (SPEC sections 2.2 and 4): top right, gone after 3 s, except type
 * 'notification', which stays until closed.
 */
import { createElement } from 'react';
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

/** A success toast with one action button (e.g. 'Ver' where a moved card went); closes when used. */
export function showActionToast(message: string, actionLabel: string, onAction: () => void): string {
  const id = `accion-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const action = createElement(
    'button',
    {
      type: 'button',
      className: 'toast-action',
      onClick: () => {
        notifications.hide(id);
        onAction();
      },
    },
    actionLabel,
  );
  notifications.show({
    id,
    color: COLORS.success,
    message: createElement('span', { className: 'toast-action-row' }, createElement('span', null, message), action),
    autoClose: TOAST_DURATION_MS * 2,
    withCloseButton: true,
  });
  return id;
}

export const toast = {
  action: showActionToast,
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  alert: (message: string, title?: string) => showToast('alert', message, title),
  notification: (message: string, title?: string) => showToast('notification', message, title),
  default: (message: string, title?: string) => showToast('default', message, title),
};
