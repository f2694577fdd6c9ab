import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Drawer, Group, Image, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { IconCheck, IconGitMerge, IconX, IconTool } from '@tabler/icons-react';
import {
  MESSAGES,
  PROBLEM_REPORT_STEP_LABELS,
  type AttachmentResponse,
  type ProblemReportDetailResponse,
} from '@gestar/contracts';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useAttachmentUrl } from '../../../lib/attachments';
import { toast } from '../../../lib/toast';
import { useProblemReport, useResolveProblemReport } from '../api/problem-reports';
import { placeOf, StateBadge, UrgencyBadge, when } from './report-labels';
import { AcceptDialog, MergeDialog, RejectDialog } from './triage-dialogs';

function Photo({ file }: { file: AttachmentResponse }) {
  const thumb = useAttachmentUrl(file.miniatura_url);
  const full = useAttachmentUrl(file.url);
  return (
    <Anchor href={full ?? undefined} target="_blank" rel="noreferrer" aria-label={`Foto ${file.nombre}`}>
      <Image src={thumb ?? undefined} h={96} radius="sm" fit="cover" alt={file.nombre} />
    </Anchor>
  );
}

type Dialog = 'accept' | 'merge' | 'reject' | null;

function Actions({ report }: { report: ProblemReportDetailResponse }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const resolve = useResolveProblemReport();
  if (!report.puede_revisar) return null;
  const close = () => setDialog(null);
  return (
    <>
      {report.estado === 'pendiente' && (
        <Group gap="xs">
          <Button leftSection={<IconCheck size={16} />} onClick={() => setDialog('accept')}>
            Aceptar
          </Button>
          {report.equipo && (
            <Button variant="default" leftSection={<IconGitMerge size={16} />} onClick={() => setDialog('merge')}>
              Fusionar
            </Button>
          )}
          <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setDialog('reject')}>
            Rechazar
          </Button>
        </Group>
      )}
      {report.estado === 'aceptada' && report.tarea_terminada && (
        <Alert color="teal" variant="light" title="La tarea está terminada">
          <Stack gap="xs">
            <Text size="sm">
              Revise el equipo y confirme que funciona: la solicitud pasa a resuelta y el equipo a operativo.
            </Text>
            <Button
              color="teal"
              leftSection={<IconTool size={16} />}
              loading={resolve.isPending}
              onClick={() =>
                resolve.mutate(
                  { uuid: report.uuid, value: undefined },
                  {
                    onSuccess: () => toast.success(MESSAGES.problemReports.resolved),
                    onError: (e) => toast.error(errorMessage(e, MESSAGES.errors.internal)),
                  },
                )
              }
            >
              Confirmar que funciona
            </Button>
          </Stack>
        </Alert>
      )}
      {dialog === 'accept' && <AcceptDialog report={report} onClose={close} />}
      {dialog === 'merge' && <MergeDialog report={report} onClose={close} />}
      {dialog === 'reject' && <RejectDialog report={report} onClose={close} />}
    </>
  );
}

/** One report: what was reported, its photos, each step, and (for who triages it) the actions. */
export function ReportDetailDrawer({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const report = useProblemReport(uuid);
  const r = report.data;
  return (
    <Drawer
      opened={uuid !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={r ? `Solicitud N.º ${r.numero}` : 'Solicitud'}
    >
      {report.isPending && uuid && <PageLoader />}
      {report.isError && (
        <Alert color="red" variant="light" role="alert">
          No se pudo cargar la solicitud: {report.error.message}
        </Alert>
      )}
      {r && (
        <Stack gap="md">
          <Group gap={6}>
            <StateBadge report={r} />
            <UrgencyBadge urgencia={r.urgencia} />
          </Group>
          <Stack gap={2}>
            {r.equipo ? (
              <Anchor component={Link} to={`/equipos/${encodeURIComponent(r.equipo.codigo)}`} fw={600}>
                {placeOf(r)}
              </Anchor>
            ) : (
              <Text fw={600}>{placeOf(r)}</Text>
            )}
            <Text size="sm" c="dimmed">
              Área {r.area.nombre} · {r.creado_por.nombre} {r.creado_por.apellido} · {when(r.creado_en)}
              {r.equipo_detenido ? ' · Equipo detenido' : ''}
            </Text>
          </Stack>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{r.descripcion}</Text>
          {r.adjuntos.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
              {r.adjuntos.map((f) => (
                <Photo key={f.uuid} file={f} />
              ))}
            </SimpleGrid>
          )}
          {r.motivo_rechazo && (
            <Alert color="red" variant="light" title="Motivo del rechazo">
              {r.motivo_rechazo}
            </Alert>
          )}
          {r.fusionada_en && <Text size="sm">Se unió a la solicitud N.º {r.fusionada_en.numero}.</Text>}
          <Actions report={r} />
          <Stack gap="xs">
            <Text fw={600}>Pasos</Text>
            <Timeline bulletSize={16} lineWidth={2} active={r.pasos.length - 1} aria-label="Pasos de la solicitud">
              {r.pasos.map((p) => (
                <Timeline.Item key={p.uuid} title={PROBLEM_REPORT_STEP_LABELS[p.tipo]}>
                  {p.detalle && (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {p.detalle}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {when(p.fecha)}
                    {p.usuario ? ` · ${p.usuario.nombre} ${p.usuario.apellido}` : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
