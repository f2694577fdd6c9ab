import { Badge } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';

/** A change made without a network that waits to be sent (lib/outbox.ts). */
export function PendingBadge() {
  return (
    <Badge
      color="gray"
      variant="light"
      c="dark.6"
      tt="none"
      leftSection={<IconCloudUpload size={12} aria-hidden />}
      data-testid="pending-sync"
    >
      Pendiente de sincronizar
    </Badge>
  );
}
