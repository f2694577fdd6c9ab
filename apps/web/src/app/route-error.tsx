import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Last resort for a screen that failed to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>Algo salió mal</Title>
        <Text c="dimmed">No se pudo mostrar esta pantalla. Intente recargar la página.</Text>
        {detail && <Text size="sm">{detail}</Text>}
        <Button onClick={() => window.location.reload()}>Recargar</Button>
      </Stack>
    </Center>
  );
}
