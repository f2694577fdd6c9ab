import type { ReactNode } from 'react';
import { ActionIcon, Card, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export interface RecordCardProps {
  title: string;
  description?: ReactNode;
  /** Content under the description (order, colour, counts). */
  children?: ReactNode;
  /** Accessible names of the actions, e.g. 'Editar área Carpintería'. */
  editLabel?: string;
  deleteLabel?: string;
  /** Omitted when the user lacks the permission: the button is not shown. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Something in front of the title (a colour swatch). */
  leading?: ReactNode;
}

/** A card of a catalog screen (areas, statuses, job positions, task types) with its edit and delete actions. */
export function RecordCard({ title, description, children, editLabel, deleteLabel, onEdit, onDelete, leading }: RecordCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={title} h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {leading}
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          </Group>
          {(onEdit || onDelete) && (
            <Group gap={4} wrap="nowrap">
              {onEdit && (
                <Tooltip label="Editar">
                  <ActionIcon variant="subtle" color="blue" onClick={onEdit} aria-label={editLabel ?? `Editar ${title}`}>
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              {onDelete && (
                <Tooltip label="Eliminar">
                  <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={deleteLabel ?? `Eliminar ${title}`}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
        {description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

/** Placeholder cards while a catalog loads. */
export function RecordCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Stack gap="xs">
        <Skeleton height={18} width="60%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="80%" />
      </Stack>
    </Card>
  );
}
