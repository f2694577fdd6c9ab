import { useEffect } from 'react';
import { Alert, Button, Card, Checkbox, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import {
  AREA_WATCHER_ACCESS,
  MESSAGES,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NotificationPreferencesRequestSchema,
  SUPERVISOR_NOTIFICATION_KINDS,
  type NotificationPreferencesRequestInput,
  type NotificationPreferencesResponse,
} from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { fieldErrorsFromApi, zodResolver } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

interface Values {
  correo: string;
  avisos: NotificationPreferencesResponse['avisos'];
  silencio_desde: string;
  silencio_hasta: string;
}

const valuesOf = (p: NotificationPreferencesResponse): Values => ({
  correo: p.correo ?? '',
  avisos: p.avisos,
  silencio_desde: p.silencio_desde ?? '',
  silencio_hasta: p.silencio_hasta ?? '',
});

function PreferencesForm({ saved }: { saved: NotificationPreferencesResponse }) {
  const can = useCan();
  const mutation = useSaveNotificationPreferences();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(saved),
    validate: zodResolver<Values>(NotificationPreferencesRequestSchema),
  });
  useEffect(() => {
    const errors = fieldErrorsFromApi(mutation.error);
    if (Object.keys(errors).length) form.setErrors(errors);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mutation.error]);

  // Escalations and the digest reach only those who watch areas.
  const watcher = can(AREA_WATCHER_ACCESS);
  const kinds = NOTIFICATION_KINDS.filter((k) => watcher || !SUPERVISOR_NOTIFICATION_KINDS.includes(k));
  const server = saved.canales_servidor;

  const onSubmit = form.onSubmit((values) =>
    mutation.mutate(values as NotificationPreferencesRequestInput, {
      onSuccess: (fresh) => {
        form.setValues(valuesOf(fresh));
        form.resetDirty(valuesOf(fresh));
        showToast('success', MESSAGES.success.preferencesSaved);
      },
    }),
  );
  const busy = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Preferencias de avisos">
      <Stack gap="md">
        {mutation.isError && !Object.keys(fieldErrorsFromApi(mutation.error)).length && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorMessage(mutation.error, 'No se pudieron guardar las preferencias. Intente nuevamente.')}
          </Alert>
        )}
        {(!server.push || !server.email) && (
          <Text size="sm" c="dimmed">
            {!server.push && !server.email
              ? 'Por ahora el servidor no envía push ni correos: sus avisos llegan solo en la aplicación.'
              : !server.push
                ? 'Por ahora el servidor no envía notificaciones push: esos avisos llegan solo en la aplicación.'
                : 'Por ahora el servidor no envía correos: esos avisos llegan solo en la aplicación.'}
          </Text>
        )}
        <Table withTableBorder verticalSpacing="xs" aria-label="Canales por tipo de aviso">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Aviso</Table.Th>
              <Table.Th ta="center">Push</Table.Th>
              <Table.Th ta="center">Correo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.map((k) => (
              <Table.Tr key={k}>
                <Table.Td>
                  <Text size="sm">{NOTIFICATION_KIND_LABELS[k]}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      aria-label={`${NOTIFICATION_KIND_LABELS[k]}: push`}
                      disabled={busy}
                      {...form.getInputProps(`avisos.${k}.push`, { type: 'checkbox' })}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      aria-label={`${NOTIFICATION_KIND_LABELS[k]}: correo`}
                      disabled={busy}
                      {...form.getInputProps(`avisos.${k}.email`, { type: 'checkbox' })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TextInput
          label="Correo electrónico para avisos"
          description="Si lo deja vacío, no recibirá avisos por correo."
          type="email"
          autoComplete="email"
          maw={420}
          disabled={busy}
          {...form.getInputProps('correo')}
        />
        <div>
          <Text size="sm" fw={500}>
            Horario de silencio
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            En ese horario no le llegan push ni correos; los avisos quedan en la aplicación. Puede cruzar la medianoche
            (por ejemplo de 22:00 a 06:00).
          </Text>
          <SimpleGrid cols={{ base: 2 }} maw={420} spacing="sm">
            <TimeInput label="Desde" disabled={busy} {...form.getInputProps('silencio_desde')} />
            <TimeInput label="Hasta" disabled={busy} {...form.getInputProps('silencio_hasta')} />
          </SimpleGrid>
        </div>
        <Group>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={busy}>
            Guardar avisos
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Perfil > Avisos: which kinds reach the person by push and by e-mail, where, and when not. */
export function NotificationPreferencesCard() {
  const prefs = useNotificationPreferences();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-avisos">
      <Title order={2} fz="h3" id="perfil-avisos" mb={4}>
        Avisos
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        En la aplicación le llegan siempre. Elija cuáles quiere recibir además por push en este teléfono o
        computadora y por correo electrónico.
      </Text>
      {prefs.isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando preferencias de avisos" />
      ) : prefs.isError ? (
        <Alert color="red" variant="light" role="alert">
          No se pudieron cargar sus preferencias de avisos. Intente nuevamente.
        </Alert>
      ) : (
        <PreferencesForm saved={prefs.data} />
      )}
    </Card>
  );
}
