/**
 * «Imprimir etiquetas»: the A4 sheet of QR labels of the selected machines, in the size the person
 * picks, fetched with the session's token and handed to the browser as a PDF download (lib/asset-labels).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { DEFAULT_LABEL_SIZE, MESSAGES, type LabelSize } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { downloadAssetLabels, LABEL_SIZE_OPTIONS, LABELS_MAX } from '../../../lib/asset-labels';
import classes from './assets.module.css';

export interface LabelsDialogProps {
  opened: boolean;
  codes: readonly string[];
  onClose: () => void;
}

export function LabelsDialog({ opened, codes, onClose }: LabelsDialogProps) {
  const [size, setSize] = useState<LabelSize>(DEFAULT_LABEL_SIZE);
  const download = useMutation({ mutationFn: () => downloadAssetLabels(codes, size) });
  const tooMany = codes.length > LABELS_MAX;
  return (
    <Modal opened={opened} onClose={onClose} title="Imprimir etiquetas" centered>
      <Stack gap="md" className={classes.touch}>
        <Text size="sm">
          {codes.length === 1 ? 'Una etiqueta' : `${codes.length} etiquetas`} con el código QR, el nombre, el código y
          el área de cada equipo, en una hoja A4 lista para imprimir y pegar.
        </Text>
        <Radio.Group label="Tamaño de la etiqueta" value={size} onChange={(value) => setSize(value as LabelSize)}>
          <Stack gap="xs" mt="xs">
            {LABEL_SIZE_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Radio.Group>
        {tooMany && (
          <Alert color="orange" variant="light" role="alert">
            Se pueden imprimir hasta {LABELS_MAX} etiquetas por hoja: quite algunos equipos de la selección.
          </Alert>
        )}
        {download.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(download.error, MESSAGES.errors.internal)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={download.isPending}>
            Cerrar
          </Button>
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            loading={download.isPending}
            disabled={tooMany || codes.length === 0}
            onClick={() => download.mutate(undefined, { onSuccess: onClose })}
          >
            Descargar PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
