/**
 * The terminal's start screen (issue 34): the area's people as tiles, the PIN pad for the one who
 * tapped, and, while nobody uses it, the area's board on the wall. A revoked terminal says so.
 */
import '../../../lib/mantine-styles';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceTablet, IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, PRODUCT_NAME, type TerminalPerson } from '@gestar/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { ACTIVITY_EVENTS, createIdleTracker } from '../../../lib/idle-timer';
import { useSession } from '../../../lib/session';
import { forgetTerminal, useTerminal } from '../../../lib/terminal-device';
import { deviceQueryClient, signInAtTerminal, terminalPeopleQueryOptions } from '../api/terminals';
import { END_MESSAGES, forgetPerson, startPersonSession, peekEnd, forgetEnd } from '../api/person-session';
import { LiveWall } from '../components/live-wall';
import { PersonTiles, type TilePerson } from '../components/person-tiles';
import { PinPad } from '../components/pin-pad';
import { useTerminalDevice } from '../hooks/use-terminal-device';
import classes from '../components/terminal.module.css';

function NotATerminal() {
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" maw={520} gap="md">
        <IconDeviceTablet size={56} />
        <Title order={1} ta="center">
          Este dispositivo no es una terminal
        </Title>
        <Text ta="center" fz="lg">
          Un administrador o un supervisor puede registrarlo como terminal de un área desde «Terminales», ingresando con
          su usuario en este dispositivo.
        </Text>
        <Button component={Link} to="/login" size="lg">
          Ingresar con usuario y contraseña
        </Button>
      </Stack>
    </Center>
  );
}

function Revoked({ message }: { message: string | null }) {
  const navigate = useNavigate();
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" maw={560} gap="lg">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={28} />}
          role="alert"
          title="Terminal revocada"
        >
          <Text fz="lg">{END_MESSAGES.revocada}</Text>
          {message && message !== END_MESSAGES.revocada && (
            <Text fz="md" mt="xs">
              {message}
            </Text>
          )}
        </Alert>
        <Button
          size="lg"
          variant="light"
          onClick={() => {
            forgetTerminal();
            void navigate('/login', { replace: true });
          }}
        >
          Usar este dispositivo con usuario y contraseña
        </Button>
      </Stack>
    </Center>
  );
}

export function TerminalPage() {
  const terminal = useTerminal();
  if (!terminal) return <NotATerminal />;
  return (
    <TerminalStart
      key={terminal.uuid}
      areaName={terminal.area.nombre}
      name={terminal.nombre}
      idleMinutes={terminal.minutos_inactividad}
    />
  );
}

function TerminalStart({ areaName, name, idleMinutes }: { areaName: string; name: string; idleMinutes: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const device = useTerminalDevice();
  const people = useQuery(terminalPeopleQueryOptions(), deviceQueryClient);
  const [picked, setPicked] = useState<TilePerson | null>(null);
  const [pinError, setPinError] = useState<{ text: string; locked: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [wall, setWall] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(() => {
    const reason = peekEnd();
    return reason && reason !== 'revocada' ? END_MESSAGES[reason] : null;
  });

  useEffect(forgetEnd, []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 10_000);
    return () => clearTimeout(timer);
  }, [notice]);

  // Nobody touching the tiles for the idle minutes: the wall board comes up (and the PIN pad goes).
  useEffect(() => {
    if (wall) return;
    const tracker = createIdleTracker(idleMinutes * 60_000, () => {
      setPicked(null);
      setPinError(null);
      setWall(true);
    });
    const touch = () => tracker.touch();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });
    return () => {
      tracker.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [wall, idleMinutes]);

  if (device.revoked) return <Revoked message={device.message} />;
  if (wall) return <LiveWall areaName={areaName} onExit={() => setWall(false)} />;

  const onPin = async (pin: string) => {
    if (!picked || busy) return;
    setBusy(true);
    setPinError(null);
    try {
      const answer = await signInAtTerminal({ usuario_uuid: picked.uuid, pin });
      await startPersonSession(client, answer);
      await navigate('/', { replace: true });
    } catch (error) {
      const locked = isApiError(error) && error.status === 429;
      setPinError({ text: errorMessage(error, 'No se pudo ingresar. Revise la conexión e intente de nuevo.'), locked });
      if (locked) void people.refetch();
    } finally {
      setBusy(false);
    }
  };

  const signedIn = session.token !== null && session.user !== null;
  const tiles: TilePerson[] = (people.data?.data ?? []).map((p: TerminalPerson) => ({
    uuid: p.uuid,
    nombre: p.nombre,
    apellido: p.apellido,
    foto: p.foto_url,
    bloqueado: p.bloqueado,
    sinPin: !p.tiene_pin,
  }));

  return (
    <div className={classes.screen}>
      <header className={classes.header}>
        <Stack gap={0}>
          <Text fw={800} fz={24} c="blue.8">
            {PRODUCT_NAME} · {areaName}
          </Text>
          <Text c="dimmed" fz="md">
            {name}
          </Text>
        </Stack>
        <Button
          size="lg"
          h={56}
          variant="light"
          leftSection={<IconLayoutDashboard size={22} />}
          onClick={() => setWall(true)}
        >
          Tablero del área
        </Button>
      </header>
      <main className={classes.body}>
        {notice && (
          <Alert
            color="blue"
            variant="light"
            role="status"
            mb="lg"
            withCloseButton
            onClose={() => setNotice(null)}
            closeButtonLabel="Cerrar aviso"
          >
            <Text fz="lg">{notice}</Text>
          </Alert>
        )}
        {signedIn && !picked && (
          <Alert
            color="yellow"
            variant="light"
            mb="lg"
            title={`Sesión abierta: ${session.user!.nombre} ${session.user!.apellido}`}
          >
            <Group gap="md" mt="xs">
              <Button size="lg" h={52} component={Link} to="/" replace>
                Volver a su tablero
              </Button>
              <Button
                size="lg"
                h={52}
                color="red"
                variant="light"
                leftSection={<IconLogout size={20} />}
                onClick={() => {
                  forgetPerson(client);
                  setNotice(END_MESSAGES.terminar);
                }}
              >
                Terminar
              </Button>
            </Group>
          </Alert>
        )}
        {picked ? (
          <PinPad
            name={`${picked.nombre} ${picked.apellido}`}
            busy={busy}
            error={
              pinError?.text ??
              (picked.bloqueado
                ? MESSAGES.terminals.pinLockedTemplate
                : picked.sinPin
                  ? MESSAGES.terminals.pinNotSet
                  : null)
            }
            // The tile's mark may be old (a supervisor just unlocked): the pad stays usable, the server decides.
            locked={pinError?.locked ?? false}
            onSubmit={(pin) => void onPin(pin)}
            onCancel={() => {
              setPicked(null);
              setPinError(null);
            }}
          />
        ) : people.isPending ? (
          <Center py="xl">
            <Loader size="lg" />
          </Center>
        ) : people.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={22} />}>
            <Text fz="lg">
              {errorMessage(people.error, 'No se pudo leer la lista de personas. Revise la conexión.')}
            </Text>
          </Alert>
        ) : (
          <Stack gap="md">
            <Title order={1} fz={28}>
              Toque su nombre para ingresar
            </Title>
            <PersonTiles
              people={tiles}
              onPick={(p) => {
                setPicked(p);
                void people.refetch();
              }}
            />
          </Stack>
        )}
      </main>
      <footer className={classes.header}>
        <Text c="dimmed" fz="sm">
          La sesión termina sola tras {idleMinutes} {idleMinutes === 1 ? 'minuto' : 'minutos'} sin tocar la pantalla.
        </Text>
        <Anchor component="button" type="button" c="dimmed" fz="sm" onClick={() => setLeaving(true)} mih={48}>
          Dejar de usar como terminal
        </Anchor>
      </footer>
      <Modal opened={leaving} onClose={() => setLeaving(false)} title="Dejar de usar como terminal" centered>
        <Stack>
          <Text>
            Este dispositivo olvidará su credencial de terminal y pedirá usuario y contraseña. La terminal sigue
            registrada hasta que un administrador la revoque.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={() => setLeaving(false)}>
              Cancelar
            </Button>
            <Button
              color="red"
              size="md"
              onClick={() => {
                forgetPerson(client);
                forgetTerminal();
                void navigate('/login', { replace: true });
              }}
            >
              Dejar de usar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
