import { Link } from 'react-router';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** A screen the user's role may not open (SPEC section 2.1). */
export function NotAuthorizedPage() {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" ta="center" maw={460}>
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Acceso no autorizado
        </Title>
        <Text c="dimmed">Su rol no tiene permiso para ver esta pantalla. Si cree que es un error, consulte con un administrador.</Text>
        <Button component={Link} to="/">
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
