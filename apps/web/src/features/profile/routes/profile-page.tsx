import { Alert, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { MESSAGES } from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useLogout } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { useUser } from '../api/get-user';
import { ChangePasswordFormCard } from '../components/change-password-form';
import { NotificationPreferencesCard } from '../components/notification-preferences-card';
import { PersonalInfo } from '../components/personal-info';
import { PinCard } from '../components/pin-card';
import { isTerminal } from '../../../lib/terminal-device';
import { SessionsCard } from '../components/sessions-card';
import { TimesheetCard } from '../components/timesheet-card';
import { useCan } from '../../../lib/can';

/** SPEC section 2.15 'Mi Perfil': the logged-in user's data, password change and logout. */
export function ProfilePage() {
  const { user: sessionUser } = useSession();
  const userQuery = useUser(sessionUser?.uuid);
  const [passwordOpen, passwordForm] = useDisclosure(false);
  const logout = useLogout();
  const tracksTime = useCan()({ anyOf: ['track:time'] });

  return (
    <>
      <PageHeader
        title="Mi Perfil"
        description="Sus datos, sus avisos y la seguridad de su cuenta"
        icon={<IconUserCircle size={24} />}
      />
      {userQuery.isPending && sessionUser ? (
        <PageLoader />
      ) : userQuery.isError || !userQuery.data ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {MESSAGES.errors.profileLoadFailed}
        </Alert>
      ) : (
        <Stack gap="lg" maw={900}>
          <PersonalInfo user={userQuery.data} />
          {tracksTime && <TimesheetCard />}
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-seguridad">
            <Title order={2} fz="h3" id="perfil-seguridad" mb={4}>
              Seguridad
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              Cambie su contraseña o cierre la sesión en este dispositivo. Al cambiar la contraseña se cierran sus demás
              sesiones.
            </Text>
            <Group gap="sm" mb={passwordOpen ? 'md' : 0}>
              <Button
                variant="light"
                leftSection={<IconKey size={16} />}
                onClick={passwordForm.toggle}
                aria-expanded={passwordOpen}
              >
                Cambiar contraseña
              </Button>
              <Button
                color="red.9"
                variant="outline"
                leftSection={<IconLogout size={16} />}
                onClick={() => void logout()}
              >
                Cerrar sesión
              </Button>
            </Group>
            <Collapse expanded={passwordOpen}>
              {passwordOpen && <ChangePasswordFormCard userId={userQuery.data.uuid} onDone={passwordForm.close} />}
            </Collapse>
          </Card>
          {!isTerminal() && <PinCard />}
          <NotificationPreferencesCard />
          <SessionsCard />
        </Stack>
      )}
    </>
  );
}
