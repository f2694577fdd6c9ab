import { Text } from '@mantine/core';
import { PERMISSION_LABELS, type Permission } from '@gestar/contracts';

/** A permission as a person reads it in the guides: «Crear áreas», not `create:area`. */
export function PermissionName({ permission }: { permission: Permission }) {
  return (
    <Text span inherit fw={600}>
      «{PERMISSION_LABELS[permission]}»
    </Text>
  );
}
