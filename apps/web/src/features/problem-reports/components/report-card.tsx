import { Badge, Card, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertOctagon, IconPhoto } from '@tabler/icons-react';
import type { ProblemReportResponse } from '@gestar/contracts';
import { useAttachmentUrl } from '../../../lib/attachments';
import { placeOf, StateBadge, UrgencyBadge, when } from './report-labels';

/** One report in a list: number, state, urgency, machine, reporter, the first photo. Opens its detail. */
export function ReportCard({ report, onOpen }: { report: ProblemReportResponse; onOpen: () => void }) {
  const thumb = useAttachmentUrl(report.miniatura_url);
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={`Solicitud N.º ${report.numero}`}>
      <UnstyledButton onClick={onOpen} style={{ display: 'block', width: '100%' }}>
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {report.miniatura_url && (
            <Image src={thumb ?? undefined} w={72} h={72} radius="sm" fit="cover" alt="Foto de la solicitud" />
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={700}>N.º {report.numero}</Text>
              <StateBadge report={report} />
              <UrgencyBadge urgencia={report.urgencia} />
              {report.equipo_detenido && (
                <Badge color="red" variant="outline" leftSection={<IconAlertOctagon size={12} />}>
                  Equipo detenido
                </Badge>
              )}
            </Group>
            <Text fw={600} size="sm">
              {placeOf(report)}
            </Text>
            <Text size="sm" lineClamp={2}>
              {report.descripcion}
            </Text>
            <Group gap="xs" c="dimmed">
              <Text size="xs">
                {report.creado_por.nombre} {report.creado_por.apellido} · {when(report.creado_en)}
              </Text>
              {report.fotos > 0 && (
                <Group gap={2}>
                  <IconPhoto size={14} />
                  <Text size="xs">{report.fotos}</Text>
                </Group>
              )}
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </Card>
  );
}
