import { Badge, type BadgeProps } from '@mantine/core';
import { ASSET_STATE_LABELS, type AssetState } from '@gestar/contracts';
import { ASSET_STATE_COLORS } from './asset-states';

/** «Operativo», «Detenido», «En mantenimiento» or «Fuera de servicio», in its colour. */
export function AssetStateBadge({ estado, size = 'md' }: { estado: AssetState; size?: BadgeProps['size'] }) {
  return (
    <Badge
      color={ASSET_STATE_COLORS[estado]}
      variant="light"
      tt="none"
      size={size}
      data-estado={estado}
      // The ellipsis would let a table squeeze the column to a few letters.
      styles={{ label: { overflow: 'visible' } }}
    >
      {ASSET_STATE_LABELS[estado]}
    </Badge>
  );
}
