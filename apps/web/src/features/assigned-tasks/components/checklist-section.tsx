/**
 * The drawer's checklist: each step with its tick, its note and its photos. A step that requires
 * a photo offers the camera on a phone (the picker's `capture`); a step that requires a note
 * shows the note field first. Thumbnails open a viewer that steps through the photos (arrows,
 * keys or a swipe).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconChevronLeft, IconChevronRight, IconCloudUpload, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENTS_ROUTES,
  MESSAGES,
  TEXT_LIMITS,
  type AttachmentResponse,
  type ChecklistItemResponse,
} from '@gestar/contracts';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useNestedOverlay } from '../../../lib/nested-overlay';
import { toast } from '../../../lib/toast';
import { useChecklist, useTickChecklistItem } from '../api/checklist';
import { useAttachmentUrl } from '../../../lib/attachments';
import { useDeleteAttachment, useUploadAttachment } from '../api/attachments';
import { saveBlob } from '../../../lib/download';
import { PendingBadge } from '../../../components/pending-badge';
import { discard, usePendingChanges, type OutboxEntry } from '../../../lib/outbox';
import { SENT_LATER } from '../api/comments';

/** The small red button on a thumbnail's corner that takes the photo away. */
function CornerRemove({ label, loading, onClick }: { label: string; loading?: boolean; onClick: () => void }) {
  return (
    <ActionIcon size="sm" color="red" variant="filled" radius="xl" pos="absolute" top={-6} right={-6} aria-label={label} loading={loading} onClick={onClick}>
      <IconTrash size={12} />
    </ActionIcon>
  );
}

/** A photo taken offline, shown from the bytes the outbox keeps until it is sent. */
function PendingThumbnail({ entry, readOnly }: { entry: OutboxEntry; readOnly: boolean }) {
  const blob = entry.file?.blob;
  const src = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  const name = entry.file?.name ?? '';
  return (
    <Box pos="relative" data-testid="pending-photo">
      {src && /^image\//.test(blob?.type ?? '') ? (
        <Image src={src} alt={name} w={72} h={72} radius="sm" fit="cover" style={{ opacity: 0.7 }} />
      ) : (
        <Paper withBorder w={72} h={72} radius="sm" style={{ display: 'grid', placeItems: 'center' }}>
          <IconFileTypePdf size={28} aria-hidden />
        </Paper>
      )}
      <Box pos="absolute" bottom={2} left={2} right={2} style={{ display: 'flex', justifyContent: 'center' }}>
        <IconCloudUpload size={16} aria-label="Pendiente de sincronizar" color="var(--mantine-color-dark-6)" />
      </Box>
      {!readOnly && (
        <CornerRemove label={`Descartar ${name}`} onClick={() => void discard(entry.id)} />
      )}
    </Box>
  );
}

function Thumbnail({ file, onOpen }: { file: AttachmentResponse; onOpen: () => void }) {
  const src = useAttachmentUrl(file.miniatura_url);
  if (file.tipo === 'application/pdf') {
    return (
      <UnstyledButton
        onClick={async () => saveBlob((await apiRequest(ATTACHMENTS_ROUTES.download, { params: { id: file.uuid } })) as Blob, file.nombre)}
        aria-label={`Descargar ${file.nombre}`}
      >
        <Paper withBorder w={72} h={72} radius="sm" style={{ display: 'grid', placeItems: 'center' }}>
          <IconFileTypePdf size={28} aria-hidden />
        </Paper>
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton onClick={onOpen} aria-label={`Ver foto ${file.nombre}`}>
      {src ? (
        <Image src={src} alt={file.nombre} w={72} h={72} radius="sm" fit="cover" />
      ) : (
        <Skeleton w={72} h={72} radius="sm" />
      )}
    </UnstyledButton>
  );
}

/** Full-size photos, one at a time: arrows, the keyboard's left and right, or a swipe. */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: AttachmentResponse[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const current = index === null ? null : (photos[index] ?? null);
  const src = useAttachmentUrl(current?.url ?? null);
  const touchX = useRef<number | null>(null);
  const go = (delta: number) => index !== null && onIndex((index + delta + photos.length) % photos.length);
  useNestedOverlay(current !== null);
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      size="xl"
      title={current ? `${current.nombre} (${(index ?? 0) + 1} de ${photos.length})` : ''}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {current && (
        <Stack
          gap="xs"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            if (e.key === 'ArrowLeft') go(-1);
          }}
          onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
          onTouchEnd={(e) => {
            const start = touchX.current;
            const end = e.changedTouches[0]?.clientX;
            if (start !== null && end !== undefined && Math.abs(end - start) > 40) go(end < start ? 1 : -1);
            touchX.current = null;
          }}
        >
          {src ? <Image src={src} alt={current.nombre} fit="contain" mah="70vh" /> : <Skeleton h={300} />}
          <Text size="xs" c="dimmed">
            {current.creado_por.nombre} {current.creado_por.apellido}, {formatDate(current.creado_en)}
          </Text>
          {photos.length > 1 && (
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => go(-1)}>
                Anterior
              </Button>
              <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => go(1)}>
                Siguiente
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Step({
  taskId,
  item,
  readOnly,
  onOpenPhoto,
  pendingTick,
  pendingPhotos,
}: {
  taskId: string;
  item: ChecklistItemResponse;
  readOnly: boolean;
  onOpenPhoto: (file: AttachmentResponse) => void;
  /** Its tick (or note) made offline, still to send. */
  pendingTick: boolean;
  /** Its photos taken offline, still to send. */
  pendingPhotos: OutboxEntry[];
}) {
  const tick = useTickChecklistItem(taskId);
  const upload = useUploadAttachment(taskId);
  const remove = useDeleteAttachment(taskId);
  const [note, setNote] = useState(item.nota ?? '');
  const noteChanged = note.trim() !== (item.nota ?? '');
  // The box shows the tap at once (set in the same event, before the request's state renders);
  // the stored step takes over when it changes, and a refusal puts the box back.
  const [asked, setAsked] = useState<{ hecho: boolean; from: boolean } | null>(null);
  const shown = asked && asked.from === item.hecho ? asked.hecho : item.hecho;
  const send = (hecho: boolean) => {
    setAsked({ hecho, from: item.hecho });
    tick.mutate(
      { itemId: item.uuid, texto: item.texto, body: { hecho, ...(item.requiere_nota || noteChanged ? { nota: note.trim() || null } : {}) } },
      {
        onSuccess: ({ queued }) => queued && toast.alert(SENT_LATER, 'Paso guardado sin conexión'),
        onError: (error) => {
          setAsked(null);
          toast.error(errorMessage(error, MESSAGES.errors.checklistTickFailed));
        },
      },
    );
  };
  return (
    <Paper withBorder p="xs" radius="sm" aria-label={item.texto} component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            label={item.texto}
            checked={shown}
            disabled={readOnly || tick.isPending}
            onChange={(e) => send(e.currentTarget.checked)}
          />
          <Group gap={4} wrap="nowrap">
            {item.requiere_foto && (
              <Badge size="xs" variant="light" color={item.fotos.length || pendingPhotos.length ? 'teal' : 'orange'} tt="none">
                Foto
              </Badge>
            )}
            {item.requiere_nota && (
              <Badge size="xs" variant="light" color={item.nota ? 'teal' : 'orange'} tt="none">
                Nota
              </Badge>
            )}
          </Group>
        </Group>
        {pendingTick && (
          <Box pl={30}>
            <PendingBadge />
          </Box>
        )}
        {item.hecho && item.hecho_por && !pendingTick && (
          <Text size="xs" c="dimmed" pl={30}>
            Hecho por {item.hecho_por.nombre} {item.hecho_por.apellido}
            {item.hecho_en ? `, ${formatDate(item.hecho_en)}` : ''}
          </Text>
        )}
        {(item.requiere_nota || item.nota) &&
          (readOnly ? (
            item.nota && (
              <Text size="sm" pl={30}>
                Nota: {item.nota}
              </Text>
            )
          ) : (
            <Box pl={30}>
              <Textarea
                aria-label={`Nota de «${item.texto}»`}
                placeholder="Escriba una nota"
                autosize
                minRows={1}
                maxLength={TEXT_LIMITS.checklistNote}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                onBlur={() => noteChanged && item.hecho && send(true)}
              />
            </Box>
          ))}
        {(item.fotos.length > 0 || pendingPhotos.length > 0 || (!readOnly && item.requiere_foto)) && (
          <Group gap="xs" pl={30}>
            {item.fotos.map((f) => (
              <Box key={f.uuid} pos="relative">
                <Thumbnail file={f} onOpen={() => onOpenPhoto(f)} />
                {!readOnly && (
                  <CornerRemove
                    label={`Eliminar ${f.nombre}`}
                    loading={remove.isPending && remove.variables === f.uuid}
                    onClick={() =>
                      remove.mutate(f.uuid, {
                        onSuccess: () => toast.success('Archivo eliminado'),
                        onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.attachmentUploadFailed)),
                      })
                    }
                  />
                )}
              </Box>
            ))}
            {pendingPhotos.map((e) => (
              <PendingThumbnail key={e.id} entry={e} readOnly={readOnly} />
            ))}
            {!readOnly && (
              <FileButton
                accept={ATTACHMENT_ACCEPT}
                capture="environment"
                onChange={(file) =>
                  file &&
                  upload.mutate(
                    { file, checklistItem: item.uuid, step: item.texto },
                    {
                      onSuccess: ({ queued }) =>
                        queued ? toast.alert(SENT_LATER, 'Foto guardada sin conexión') : toast.success('Foto adjuntada'),
                      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.attachmentUploadFailed)),
                    },
                  )
                }
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="xs"
                    h={72}
                    leftSection={<IconCamera size={16} />}
                    loading={upload.isPending}
                    aria-label={`Agregar foto a «${item.texto}»`}
                  >
                    Foto
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The checklist of an occurrence; `readOnly` in the archive dialog and for an archived one. */
export function ChecklistSection({ taskId, readOnly = false }: { taskId: string; readOnly?: boolean }) {
  const checklist = useChecklist(taskId);
  const [viewing, setViewing] = useState<number | null>(null);
  const kept = usePendingChanges().filter((e) => e.task === taskId && (e.kind === 'paso' || e.kind === 'foto'));
  if (checklist.isPending) return <Skeleton height={48} radius="md" />;
  if (checklist.isError) {
    return (
      <Text size="sm" c="red">
        {errorMessage(checklist.error, MESSAGES.errors.tasksLoadFailed)}
      </Text>
    );
  }
  // A tick kept offline shows as it will be, also after a reload that read the list again.
  const items = checklist.data.map((item) => {
    const tick = kept.filter((e) => e.kind === 'paso' && e.params.itemId === item.uuid).at(-1);
    const body = tick?.body as { hecho: boolean; nota?: string | null } | undefined;
    return body ? { ...item, hecho: body.hecho, ...(body.nota !== undefined ? { nota: body.nota } : {}) } : item;
  });
  const photos = items.flatMap((i) => i.fotos.filter((f) => f.tipo !== 'application/pdf'));
  const done = items.filter((i) => i.hecho).length;
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Progress value={items.length ? (done / items.length) * 100 : 0} style={{ flex: 1 }} aria-hidden />
        <Text size="sm" fw={600} aria-label={`${done} de ${items.length} pasos hechos`}>
          {done}/{items.length}
        </Text>
      </Group>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Step
            key={item.uuid}
            taskId={taskId}
            item={item}
            readOnly={readOnly}
            onOpenPhoto={(f) => setViewing(photos.findIndex((p) => p.uuid === f.uuid))}
            pendingTick={kept.some((e) => e.kind === 'paso' && e.params.itemId === item.uuid)}
            pendingPhotos={kept.filter(
              (e) => e.kind === 'foto' && (e.body as { checklist_item_uuid?: string }).checklist_item_uuid === item.uuid,
            )}
          />
        ))}
      </Stack>
      <PhotoViewer photos={photos} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
