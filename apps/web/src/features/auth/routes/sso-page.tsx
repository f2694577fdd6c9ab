import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { finishCompanySignIn } from '../api/login';

/** Where the company's OpenID provider sends the person back: the session is opened, then the board. */
export function SsoPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finishCompanySignIn()
      .then(() => navigate('/', { replace: true }))
      .catch(() => navigate('/login?sso_error=proveedor', { replace: true }));
  }, [navigate]);
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader role="status" aria-label="Ingresando" />
        <Text>Ingresando con la cuenta de la empresa...</Text>
      </Stack>
    </Center>
  );
}
