import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a screen's code or first data loads. */
export function PageLoader({ label = 'Cargando...' }: { label?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
