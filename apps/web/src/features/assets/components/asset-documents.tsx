/** The machine's documents (manuals, plans): opened with the session's token; added and removed by those who manage it. */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { ATTACHMENTS_ROUTES, MESSAGES, type AssetDocument } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { saveBlob } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { useRemoveAssetDocument, useUploadAssetDocument } from '../api/assets';

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;
}

export function AssetDocuments({
  code,
  documents,
  canEdit,
}: {
  code: string;
  documents: AssetDocument[];
  canEdit: boolean;
}) {
  const open = useMutation({
    mutationFn: async (doc: AssetDocument) => {
      const blob = await apiRequest(ATTACHMENTS_ROUTES.download, { params: { id: doc.uuid } });
      saveBlob(blob, doc.nombre);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal), 'No se pudo descargar el documento'),
  });
  const upload = useUploadAssetDocument(code);
  const remove = useRemoveAssetDocument(code);
  const [removing, setRemoving] = useState<AssetDocument | null>(null);
  return (
    <Stack gap="xs">
      {documents.length === 0 && (
        <Text size="sm" c="dimmed">
          Este equipo no tiene documentos.
        </Text>
      )}
      {documents.map((doc) => (
        <Paper key={doc.uuid} withBorder radius="md" p="xs" px="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {doc.tipo === 'application/pdf' ? (
                <IconFileTypePdf size={22} aria-hidden />
              ) : (
                <IconPhoto size={22} aria-hidden />
              )}
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {doc.nombre}
                </Text>
                <Text size="xs" c="dimmed">
                  {sizeText(doc.tamano)} · {formatDate(doc.creado_en)} · {doc.creado_por.nombre}{' '}
                  {doc.creado_por.apellido}
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Descargar">
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={`Descargar ${doc.nombre}`}
                  loading={open.isPending && open.variables?.uuid === doc.uuid}
                  onClick={() => open.mutate(doc)}
                >
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
              {canEdit && (
                <Tooltip label="Eliminar">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Eliminar ${doc.nombre}`}
                    onClick={() => setRemoving(doc)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      {canEdit && (
        <FileButton
          accept="application/pdf,.pdf,image/jpeg,image/png,image/webp"
          onChange={(file) =>
            file &&
            upload.mutate(file, {
              onSuccess: () => toast.success('Documento agregado'),
              onError: (error) => toast.error(error.message, 'No se pudo subir el documento'),
            })
          }
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={18} aria-hidden />}
              loading={upload.isPending}
              w="fit-content"
            >
              Agregar documento
            </Button>
          )}
        </FileButton>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Eliminar documento"
        message={removing ? `¿Está seguro de que desea eliminar «${removing.nombre}»? Esta acción es permanente.` : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, MESSAGES.errors.internal) : null}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.uuid, { onSuccess: () => setRemoving(null) })}
      />
    </Stack>
  );
}
