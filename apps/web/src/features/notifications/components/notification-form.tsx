import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend, IconUsersGroup } from '@tabler/icons-react';
import { MESSAGES, TEXT_LIMITS } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRecipients } from '../api/get-recipients';
import { useSendMassNotification, useSendNotification } from '../api/send-notification';

type Sending = 'user' | 'mass' | null;

/**
 * SPEC 2.14, 4 and 5: idle -> sending (every input and button disabled,
 * 'Enviando...') -> success (all cleared) or error (content kept).
 */
export function NotificationForm() {
  const recipients = useRecipients();
  const sendOne = useSendNotification();
  const sendMass = useSendMassNotification();
  // SPEC section 4 answers a missing field with a toast, not under the field: no validator here.
  const form = useForm<{ usuario: string | null; titulo: string; mensaje: string }>({
    mode: 'controlled',
    initialValues: { usuario: null, titulo: '', mensaje: '' },
  });
  const { usuario, titulo, mensaje } = form.getValues();
  const [sending, setSending] = useState<Sending>(null);

  const filled = titulo.trim() !== '' && mensaje.trim() !== '';
  const busy = sending !== null;
  const options = (recipients.data ?? []).map((u) => ({ value: u.uuid, label: `${u.nombre} ${u.apellido}` }));

  const clear = () => form.reset();

  async function toUser() {
    if (!usuario) {
      toast.alert(MESSAGES.validation.selectUser);
      return;
    }
    if (!filled) {
      toast.alert(MESSAGES.validation.allFieldsRequired);
      return;
    }
    setSending('user');
    try {
      await sendOne.mutateAsync({ usuario_uuid: usuario, titulo, mensaje });
      toast.success(MESSAGES.success.notificationSent);
      clear();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.errors.notificationSendFailed), MESSAGES.errors.notificationSendFailed);
    } finally {
      setSending(null);
    }
  }

  async function toEveryone() {
    if (!filled) {
      toast.alert(MESSAGES.validation.allFieldsRequired);
      return;
    }
    setSending('mass');
    try {
      await sendMass.mutateAsync({ titulo, mensaje });
      toast.success(MESSAGES.success.notificationMassSent);
      clear();
    } catch (error) {
      toast.error(
        errorMessage(error, MESSAGES.errors.notificationMassSendFailed),
        MESSAGES.errors.notificationMassSendFailed,
      );
    } finally {
      setSending(null);
    }
  }

  // Enter in the title: a selected user makes the single send apply, none the mass send (SPEC section 4).
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    void (usuario ? toUser() : toEveryone());
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720}>
      <form onSubmit={onSubmit} aria-label="Enviar notificación" noValidate>
        <Stack gap="md">
          <Select
            label="Usuario"
            description="Elija un usuario para enviarle la notificación, o déjelo vacío para enviarla a todos"
            placeholder={recipients.isPending ? 'Cargando...' : 'Seleccione un usuario'}
            data={options}
            {...form.getInputProps('usuario')}
            searchable
            clearable
            nothingFoundMessage="Sin resultados"
            disabled={busy}
            error={recipients.isError ? MESSAGES.errors.usersLoadFailed : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Título"
            placeholder="Título de la notificación"
            required
            {...form.getInputProps('titulo')}
            maxLength={TEXT_LIMITS.title}
            disabled={busy}
          />
          <Textarea
            label="Mensaje"
            placeholder="Escriba el mensaje"
            required
            autosize
            minRows={4}
            maxRows={10}
            {...form.getInputProps('mensaje')}
            maxLength={TEXT_LIMITS.notificationMessage}
            disabled={busy}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="light"
              leftSection={<IconUsersGroup size={16} />}
              disabled={busy || !filled}
              onClick={() => void toEveryone()}
            >
              {sending === 'mass' ? 'Enviando...' : 'Enviar a Todos'}
            </Button>
            <Button
              leftSection={<IconSend size={16} />}
              disabled={busy || !filled || !usuario}
              onClick={() => void toUser()}
            >
              {sending === 'user' ? 'Enviando...' : 'Enviar a Usuario'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
