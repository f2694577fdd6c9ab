/**
 * Registering this device as a shared terminal (issue 34): an administrator, or a supervisor for
 * their areas, signed in normally on the tablet, picks the area, a name and the idle minutes. The
 * device keeps the terminal's credential (not the person's session), the person's session ends
 * here, and the device turns into the terminal: the area's people as tiles.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { TERMINAL_LIMITS } from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { logout } from '../../../lib/auth';
import { fieldErrorsFromApi } from '../../../lib/form-errors';
import { saveTerminal } from '../../../lib/terminal-device';
import { useRegisterTerminal, useRegistrableAreas } from '../api/terminals';
import { TERMINAL_HOME } from '../api/person-session';

export function RegisterTerminalPage() {
  const navigate = useNavigate();
  const areas = useRegistrableAreas();
  const register = useRegisterTerminal();
  const [area, setArea] = useState<string | null>(null);
  const [nombre, setNombre] = useState('');
  const [minutos, setMinutos] = useState<number | string>(TERMINAL_LIMITS.idleMinutesDefault);
  const errors = register.isError ? fieldErrorsFromApi(register.error) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    register.mutate(
      {
        area_uuid: area ?? '',
        nombre,
        minutos_inactividad: minutos === '' ? TERMINAL_LIMITS.idleMinutesDefault : Number(minutos),
      },
      {
        onSuccess: async (answer) => {
          // The person who registered it leaves: from now on this device is the area's terminal.
          await logout();
          saveTerminal({
            uuid: answer.uuid,
            nombre: answer.nombre,
            area: answer.area,
            minutos_inactividad: answer.minutos_inactividad,
            credencial: answer.token,
          });
          await navigate(TERMINAL_HOME, { replace: true });
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Registrar este dispositivo como terminal"
        description="La tableta quedará como terminal del área: las personas ingresarán tocando su nombre y su PIN"
        icon={<IconDeviceTablet size={24} />}
      />
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Select
              label="Área"
              placeholder="Seleccione un área"
              required
              data={(areas.data?.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }))}
              value={area}
              onChange={setArea}
              searchable
              error={errors.area_uuid}
            />
            <TextInput
              label="Nombre de la terminal"
              placeholder="Por ejemplo: Tableta del torno"
              required
              maxLength={100}
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
              error={errors.nombre}
            />
            <NumberInput
              label="Minutos sin tocar la pantalla antes de cerrar la sesión"
              min={TERMINAL_LIMITS.idleMinutesMin}
              max={TERMINAL_LIMITS.idleMinutesMax}
              allowDecimal={false}
              value={minutos}
              onChange={setMinutos}
              error={errors.minutos_inactividad}
            />
            <Text size="sm" c="dimmed">
              Al registrar, su sesión se cerrará en este dispositivo. La credencial de la terminal queda solo aquí;
              puede revocarla en «Terminales».
            </Text>
            {register.isError && !Object.keys(errors).length && (
              <Alert color="red" role="alert">
                {errorMessage(register.error, 'No se pudo registrar la terminal')}
              </Alert>
            )}
            <Button type="submit" loading={register.isPending} size="md">
              Registrar terminal
            </Button>
          </Stack>
        </form>
      </Card>
    </>
  );
}
