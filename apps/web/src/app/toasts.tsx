/**
 * The toasts' container. Loaded after the first render, not with the entry: the
 * notifications store keeps any toast shown before it mounts, and the
 * container (transitions, portal) is not needed to draw the first screen.
 */
import '../lib/mantine-styles';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../lib/ui-settings';

/**
 * Bottom left on a desktop, bottom centre on a phone: never over the top bar (the bell and its
 * inbox, 'Salir'), a page's main action (top right of its header) or the drawer, which opens on
 * the right with its close button at the bottom. At most TOAST_LIMIT at once; the rest wait their
 * turn. app.css lifts them over a phone's bulk-action bar.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'bottom-left'}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS}
      zIndex={1000}
    />
  );
}
