import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link offering the next step. */
  action?: ReactNode;
}

/** A card for "nothing here" and "could not load" (e.g. 'Información no disponible'). */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Card withBorder radius="md" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          {icon ?? <IconInbox size={26} />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Card>
  );
}
