import { Alert, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { usePendingChanges } from '../../../lib/outbox';

/** Reports (and their photos) written without a network that still wait to be sent. */
export function PendingReports() {
  const pending = usePendingChanges().filter((e) => e.kind === 'solicitud' || e.kind === 'solicitud_foto');
  if (pending.length === 0) return null;
  const reports = pending.filter((e) => e.kind === 'solicitud');
  return (
    <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} title="Sin enviar" role="status">
      {reports.map((e) => (
        <Text key={e.id} size="sm">
          {e.label}: se enviará cuando vuelva la conexión
        </Text>
      ))}
      {reports.length === 0 && (
        <Text size="sm">Hay fotos de sus solicitudes que se enviarán cuando vuelva la conexión.</Text>
      )}
    </Alert>
  );
}
