import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '@gestar/contracts';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { finishCompanySignIn } from '../api/login';

/**
 * Where the company's OpenID provider sends the person back: the session is opened, then the page
 * the sign-in started from (a task link), or the board.
 */
export function SsoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const volver = safeReturnPath(params.get('volver')) ?? '/';
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finishCompanySignIn()
      .then(() => navigate(volver, { replace: true }))
      .catch(() => navigate('/login?sso_error=proveedor', { replace: true }));
  }, [navigate, volver]);
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader role="status" aria-label="Ingresando" />
        <Text>Ingresando con la cuenta de la empresa...</Text>
      </Stack>
    </Center>
  );
}
