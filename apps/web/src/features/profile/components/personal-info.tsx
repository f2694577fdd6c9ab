import type { ReactNode } from 'react';
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserResponse } from '@gestar/contracts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** SPEC section 2.15: who the user is in the organisation. */
export function PersonalInfo({ user }: { user: UserResponse }) {
  const initials = `${user.nombre.charAt(0)}${user.apellido.charAt(0)}`.toUpperCase();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-info">
      <Group gap="md" mb="lg" wrap="nowrap">
        <Avatar color="blue" radius="xl" size="lg">
          {initials}
        </Avatar>
        <div>
          <Title order={2} fz="h3" id="perfil-info">
            Información personal
          </Title>
          <Text size="sm" c="dimmed">
            {user.nombre} {user.apellido}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
        <Field label="Nombre">
          <Text>{user.nombre}</Text>
        </Field>
        <Field label="Apellido">
          <Text>{user.apellido}</Text>
        </Field>
        <Field label="Usuario">
          <Text>{user.username}</Text>
        </Field>
        <Field label="Rol">
          <Text>{user.rol.nombre}</Text>
        </Field>
        <Field label="Áreas">
          {user.usuario_areas.length === 0 ? (
            <Text c="dimmed">Sin áreas asignadas</Text>
          ) : (
            <Group gap={6}>
              {user.usuario_areas.map((entry) => (
                <Badge key={entry.area_uuid} variant="light" tt="none">
                  {entry.area.nombre}
                </Badge>
              ))}
            </Group>
          )}
        </Field>
        <Field label="Puesto de trabajo">
          {user.descripcion_puesto ? (
            <Text>{user.descripcion_puesto.nombre}</Text>
          ) : (
            <Text c="dimmed">Sin puesto asignado</Text>
          )}
        </Field>
      </SimpleGrid>
    </Card>
  );
}
