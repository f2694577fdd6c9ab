import { Link } from 'react-router';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';

/** An action or section guarded by explicit permissions the user lacks (SPEC section 2.1). */
export function UnauthorizedPage() {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" ta="center" maw={460}>
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
          <IconShieldX size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Permisos insuficientes
        </Title>
        <Text c="dimmed">No tiene los permisos necesarios para realizar esta acción.</Text>
        <Button component={Link} to="/">
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
