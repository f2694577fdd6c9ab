/**
 * The toasts' container. Loaded after the first render, not with the entry: the
 * notifications store keeps any toast shown before it mounts, and the
 * container (transitions, portal) is not needed to draw the first screen.
 */
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/ui-settings';

export function Toasts() {
  // app.css moves the container below the top bar.
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
