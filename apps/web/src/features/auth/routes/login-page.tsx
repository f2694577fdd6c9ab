import '../../../lib/mantine-styles';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Box, Button, Center, Checkbox, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingSkyscraper, IconEye, IconEyeOff, IconLogout } from '@tabler/icons-react';
import {
  AUTH_ROUTES,
  MESSAGES,
  PRODUCT_NAME,
  SESSION_ENDED_TITLE,
  SSO_ERROR_CODES,
  SSO_ERROR_MESSAGES,
  type SsoErrorCode,
} from '@gestar/contracts';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { redirectTarget } from '../../../lib/login-redirect';
import { readSessionEnd } from '../../../lib/session-end';
import { SHARED_DEVICE_KEY } from '../../../lib/shared-device';
import { FOOTER_TEXT } from '../../../components/app-footer';
import { useLogin, useProviders } from '../api/login';

/** Directory refusals say why (no group, unknown person); every other failure reads the SPEC's text. */
const DIRECTORY_MESSAGES = new Set<string>([MESSAGES.errors.ssoNoGroup, MESSAGES.errors.ssoUnknownUser, MESSAGES.errors.ssoMisconfigured]);

/** Too many attempts: the API's answer says how many minutes remain. */
function isBlocked(error: Error): boolean {
  return isApiError(error) && error.status === 429;
}

/** Whether this device was last used with «Dispositivo compartido» (a setting of the device, not of a person). */
function deviceIsShared(): boolean {
  try {
    return localStorage.getItem(SHARED_DEVICE_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDevice(shared: boolean): void {
  try {
    if (shared) localStorage.setItem(SHARED_DEVICE_KEY, '1');
    else localStorage.removeItem(SHARED_DEVICE_KEY);
  } catch {
    // Storage refused: the box starts unticked next time.
  }
}

/** The company sign-in's address: where to come back, and «Dispositivo compartido». */
function companySignIn(target: string, shared: boolean): string {
  const query = new URLSearchParams();
  if (target !== '/') query.set('volver', target);
  if (shared) query.set('compartido', '1');
  const text = query.toString();
  return text ? `${AUTH_ROUTES.oidcStart.path}?${text}` : AUTH_ROUTES.oidcStart.path;
}

/** SPEC section 2.3. A failure reads 'Usuario o contraseña incorrectos'; a block says how long it lasts, a directory refusal why. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const loginMutation = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [shared, setShared] = useState(deviceIsShared);
  const target = redirectTarget(location.state);
  const providers = useProviders();
  const [params] = useSearchParams();
  const ssoError = params.get('sso_error');
  const ssoMessage = SSO_ERROR_CODES.includes(ssoError as SsoErrorCode) ? SSO_ERROR_MESSAGES[ssoError as SsoErrorCode] : null;
  const oidc = providers.data?.oidc;
  // A session ended elsewhere (another device, a password change...): said until the next sign-in.
  const [sessionEnd] = useState(readSessionEnd);

  if (session.token && !loginMutation.isPending && !loginMutation.isSuccess) {
    return <Navigate to={target} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    rememberDevice(shared);
    loginMutation.mutate(
      { username: username.trim(), password, ...(shared ? { compartido: true } : {}) },
      { onSuccess: () => void navigate(target, { replace: true }) },
    );
  };

  const busy = loginMutation.isPending;
  return (
    <Box bg="gray.0" mih="100dvh">
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={400} gap="md">
          <Text ta="center" fw={800} fz={28} c="blue.8">
            {PRODUCT_NAME}
          </Text>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <form onSubmit={onSubmit} autoComplete={shared ? 'off' : undefined}>
              <Stack gap="md">
                <div>
                  <Title order={1} fz="h2" ta="center">
                    Bienvenido
                  </Title>
                  <Text c="dimmed" size="sm" ta="center" mt={4}>
                    Ingrese sus credenciales para continuar
                  </Text>
                </div>
                {sessionEnd && !loginMutation.isError && (
                  <Alert color="yellow" variant="light" icon={<IconLogout size={18} />} title={SESSION_ENDED_TITLE} role="status">
                    {sessionEnd}
                  </Alert>
                )}
                {loginMutation.isError && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                    {DIRECTORY_MESSAGES.has(loginMutation.error.message) || isBlocked(loginMutation.error)
                      ? loginMutation.error.message
                      : MESSAGES.errors.loginFailed}
                  </Alert>
                )}
                {ssoMessage && !loginMutation.isError && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                    {ssoMessage}
                  </Alert>
                )}
                <TextInput
                  label="Usuario"
                  placeholder="Ingrese su usuario"
                  required
                  autoComplete={shared ? 'off' : 'username'}
                  autoFocus
                  value={username}
                  onChange={(e) => setUsername(e.currentTarget.value)}
                  disabled={busy}
                />
                <PasswordInput
                  label="Contraseña"
                  placeholder="Ingrese su contraseña"
                  required
                  autoComplete={shared ? 'off' : 'current-password'}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  disabled={busy}
                  visible={passwordVisible}
                  onVisibilityChange={setPasswordVisible}
                  visibilityToggleIcon={({ reveal }) => (reveal ? <IconEyeOff size={18} /> : <IconEye size={18} />)}
                  visibilityToggleButtonProps={{
                    'aria-label': passwordVisible ? 'Ocultar contraseña' : 'Mostrar contraseña',
                    tabIndex: 0,
                  }}
                />
                <Checkbox
                  label="Dispositivo compartido"
                  description={`La sesión se cierra tras ${providers.data?.dispositivo_compartido.minutos_inactividad ?? 5} minutos sin uso y, al salir, no queda nada suyo en este dispositivo.`}
                  checked={shared}
                  onChange={(e) => setShared(e.currentTarget.checked)}
                  disabled={busy}
                />
                <Button type="submit" fullWidth disabled={busy}>
                  {busy ? 'Iniciando sesión...' : 'Iniciar sesión'}
                </Button>
                {oidc && (
                  <>
                    <Divider label="o" labelPosition="center" />
                    <Button
                      component="a"
                      href={companySignIn(target, shared)}
                      onClick={() => rememberDevice(shared)}
                      variant="default"
                      fullWidth
                      h="auto"
                      py={8}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                      leftSection={<IconBuildingSkyscraper size={18} />}
                    >
                      {`Ingresar con ${oidc.nombre}`}
                    </Button>
                  </>
                )}
              </Stack>
            </form>
          </Paper>
          <Anchor component={Link} to="/ayuda" size="sm" ta="center">
            ¿Necesita ayuda?
          </Anchor>
          <Text size="xs" c="dimmed" ta="center">
            {FOOTER_TEXT}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
