import { useState } from 'react';
import { Button, Checkbox, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { MESSAGES } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useExportReport, type ExportFormat } from '../api/export-report';
import type { ReportFilters } from '../api/get-report';

const BUTTONS: { format: ExportFormat; label: string; icon: typeof IconFileSpreadsheet }[] = [
  { format: 'xlsx', label: 'Exportar XLSX', icon: IconFileSpreadsheet },
  { format: 'pdf', label: 'Exportar PDF', icon: IconFileTypePdf },
  { format: 'csv', label: 'Exportar CSV', icon: IconFileText },
];

/**
 * The export buttons: each shows its own progress while the server builds
 * the file; a failure is a toast with the server's reason when it gave one
 * (e.g. too many rows for a PDF), under the title 'Error al exportar el reporte'.
 */
export function ExportButtons({ filters }: { filters: ReportFilters }) {
  const exporting = useExportReport();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [photos, setPhotos] = useState(false);

  const run = (format: ExportFormat) => {
    setBusy(format);
    exporting.mutate(
      { format, filters, photos },
      {
        onError: (error) => {
          const reason = errorMessage(error, '');
          toast.error(
            reason || MESSAGES.errors.reportExportFailed,
            reason ? MESSAGES.errors.reportExportFailed : undefined,
          );
        },
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <Group gap="xs">
      {BUTTONS.map(({ format, label, icon: Icon }) => (
        <Button
          key={format}
          variant={format === 'xlsx' ? 'filled' : 'light'}
          leftSection={<Icon size={18} aria-hidden />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => run(format)}
        >
          {label}
        </Button>
      ))}
      <Checkbox
        label="PDF con fotos"
        description="Con miniaturas de las fotos de cada tarea; el archivo es más grande"
        checked={photos}
        onChange={(e) => setPhotos(e.currentTarget.checked)}
        disabled={busy !== null}
      />
    </Group>
  );
}
