import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { describeUserAgent, type Session } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { showToast } from '../../../lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

const isPhone = (agent: string | null) => /Android|iPhone|iPad|iPod|Mobile/.test(agent ?? '');

function SessionRow({ session, onEnd, ending }: { session: Session; onEnd: () => void; ending: boolean }) {
  const Icon = isPhone(session.agente) ? IconDeviceMobile : IconDeviceDesktop;
  const name = describeUserAgent(session.agente);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="session" aria-label={name} role="group">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={22} aria-hidden />
        <div>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            {session.actual && (
              <Badge size="sm" variant="light" color="teal">
                Esta sesión
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {session.ip ? `Dirección ${session.ip} · ` : ''}Último uso: {formatDate(session.ultimo_uso_en, 'DD MMM YYYY HH:mm')}
          </Text>
          <Text size="xs" c="dimmed">
            Inició: {formatDate(session.creada_en, 'DD MMM YYYY HH:mm')}
          </Text>
        </div>
      </Group>
      {!session.actual && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onEnd}
          loading={ending}
          aria-label={`Cerrar la sesión de ${name}`}
          style={{ flexShrink: 0 }}
        >
          Cerrar
        </Button>
      )}
    </Group>
  );
}

/** Perfil: the person's open sessions, and ending any or all the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.actual).length;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-sesiones">
      <Title order={2} fz="h3" id="perfil-sesiones" mb={4}>
        Sesiones abiertas
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Los dispositivos donde su cuenta tiene la sesión iniciada. Si no reconoce alguno, ciérrelo y cambie su contraseña.
      </Text>
      {sessions.isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando sesiones" />
      ) : sessions.isError ? (
        <Alert color="red" variant="light" role="alert">
          No se pudieron cargar las sesiones. Intente nuevamente.
        </Alert>
      ) : (
        <Stack gap="md">
          {sessions.data.map((s) => (
            <SessionRow
              key={s.uuid}
              session={s}
              ending={endOne.isPending && endOne.variables === s.uuid}
              onEnd={() =>
                endOne.mutate(s.uuid, {
                  onSuccess: () => showToast('success', 'Sesión cerrada'),
                  onError: (e) => showToast('error', e.message),
                })
              }
            />
          ))}
          <Group>
            <Button
              variant="outline"
              color="red"
              leftSection={<IconLogout size={16} />}
              disabled={others === 0}
              loading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: ({ cerradas }) =>
                    showToast('success', cerradas === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${cerradas} sesiones`),
                  onError: (e) => showToast('error', e.message),
                })
              }
            >
              Cerrar las demás sesiones
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
