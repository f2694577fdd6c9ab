import { Link } from 'react-router';
import { ActionIcon, Anchor, Button, Group, Text } from '@mantine/core';
import { IconLogout, IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@gestar/contracts';
import { useLogout } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { APP_PATHS } from '../route-permissions';
import { PhoneMenu } from './phone-menu';

export function TopBar() {
  const session = useSession();
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  const logout = useLogout();
  const loggedIn = session.token !== null;
  const firstName = session.user?.nombre ?? session.payload?.username ?? '';
  const refreshLabel = fetching ? 'Cargando...' : 'Refrescar';
  const refresh = () => void queryClient.invalidateQueries();

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <PhoneMenu />
        <Anchor component={Link} to={APP_PATHS.home} underline="never" c="inherit" aria-label={`${PRODUCT_NAME}, inicio`}>
          <Text component="span" fw={800} fz={{ base: 'md', sm: 'xl' }} c="blue.8">
            {PRODUCT_NAME}
          </Text>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {loggedIn && (
          <>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={refresh}
              disabled={fetching}
              visibleFrom="sm"
            >
              {refreshLabel}
            </Button>
            {/* Phones: the same action as an icon, so name, bell and 'Salir' still fit at 390 px. */}
            <ActionIcon
              variant="light"
              size="md"
              onClick={refresh}
              disabled={fetching}
              aria-label={refreshLabel}
              title={refreshLabel}
              hiddenFrom="sm"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </>
        )}
        {loggedIn && <NotificationBell />}
        {loggedIn ? (
          <Anchor component={Link} to={APP_PATHS.profile} size="sm" fw={600} truncate maw={{ base: 90, sm: 200 }}>
            {firstName}
          </Anchor>
        ) : (
          <Anchor component={Link} to={APP_PATHS.login} size="sm" fw={600}>
            Ingresar
          </Anchor>
        )}
        {loggedIn && (
          <Button color="red" size="xs" leftSection={<IconLogout size={14} />} onClick={() => void logout()}>
            Salir
          </Button>
        )}
      </Group>
    </Group>
  );
}
