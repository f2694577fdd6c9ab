import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend, IconUsersGroup } from '@tabler/icons-react';
import { MESSAGES, TEXT_LIMITS } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMassRecipients } from '../api/get-mass-recipients';
import { useRecipients } from '../api/get-recipients';
import { useSendMassNotification, useSendNotification } from '../api/send-notification';

type Sending = 'user' | 'mass' | null;

const people = (n: number) => (n === 1 ? '1 persona' : `${n} personas`);

/**
 * SPEC 2.14, 4 and 5: idle -> sending (every input and button disabled,
 * 'Enviando...') -> success (all cleared) or error (content kept).
 * Sending to everyone is offered only with no user selected (clearing the
 * selection is the explicit way back to it) and asks first, with the number
 * of people the API says it will reach.
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
  const [confirmingMass, setConfirmingMass] = useState(false);
  const massRecipients = useMassRecipients(confirmingMass);

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

  function askToEveryone() {
    if (!filled) {
      toast.alert(MESSAGES.validation.allFieldsRequired);
      return;
    }
    setConfirmingMass(true);
  }

  async function toEveryone() {
    setConfirmingMass(false);
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

  // Enter in the title: a selected user makes the single send apply, none the mass send (SPEC section 4),
  // which asks first like its button.
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (usuario) void toUser();
    else askToEveryone();
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
            // Clearing is how one gets back to sending to everyone: a real, reachable button.
            clearButtonProps={{ 'aria-label': 'Quitar el usuario seleccionado', 'aria-hidden': false, tabIndex: 0 }}
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
            // The form has no submit button (two sends): Enter in the title submits it explicitly.
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }}
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
              disabled={busy || !filled || usuario !== null}
              onClick={askToEveryone}
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
          {usuario !== null && (
            <Text size="xs" c="dimmed" ta="right">
              Para enviar a todos, quite el usuario seleccionado.
            </Text>
          )}
        </Stack>
      </form>
      {confirmingMass && (
        <ConfirmDialog
          opened
          title="Enviar a todos"
          message={
            massRecipients.isPending ? (
              <Text size="sm">Contando destinatarios...</Text>
            ) : massRecipients.isSuccess ? (
              <Text size="sm">
                La notificación <strong>{titulo.trim()}</strong> llegará a{' '}
                <strong>{people(massRecipients.data.destinatarios)}</strong>. ¿Desea enviarla?
              </Text>
            ) : (
              <Text size="sm">No se pudo saber a cuántas personas llegará la notificación.</Text>
            )
          }
          confirmLabel={massRecipients.isSuccess ? `Enviar a ${people(massRecipients.data.destinatarios)}` : 'Enviar'}
          confirmColor="blue"
          confirmDisabled={!massRecipients.isSuccess || massRecipients.data.destinatarios === 0}
          error={massRecipients.isError ? errorMessage(massRecipients.error, MESSAGES.errors.internal) : null}
          onConfirm={() => void toEveryone()}
          onClose={() => setConfirmingMass(false)}
        />
      )}
    </Paper>
  );
}
