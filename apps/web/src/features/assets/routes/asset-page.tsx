/**
 * `/equipos/<code>`: a machine's page, reached from the catalog, a task's card or drawer, and the
 * QR label. Its state and since when (a supervisor changes it with a reason), open and done work,
 * problem reports, the downtime of the last 90 days and its documents. Seen once, it opens without
 * a network too (its read is kept like every other, lib/offline-cache).
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconExchange, IconPencil, IconQrcode, IconTool } from '@tabler/icons-react';
import { ASSET_TIMELINE_DAYS, MESSAGES, type AssetPageResponse } from '@gestar/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { fetchAssetLabelPng } from '../../../lib/asset-labels';
import { useAttachmentUrl } from '../../../lib/attachments';
import { saveBlob } from '../../../lib/download';
import { showToast } from '../../../lib/toast';
import { formatDate, dayjs } from '../../../lib/dates';
import { useAssetPage } from '../api/assets';
import { AssetDocuments } from '../components/asset-documents';
import { AssetFormDialog } from '../components/asset-form-dialog';
import { AssetStateBadge } from '../components/asset-state-badge';
import { DoneWorkList, OpenWorkList, ReportsList } from '../components/asset-work';
import { ChangeStateDialog } from '../components/change-state-dialog';
import { DowntimeTimeline } from '../components/downtime-timeline';
import classes from '../components/assets.module.css';

function Section({ title, children, count }: { title: string; children: ReactNode; count?: number }) {
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
        {count !== undefined && count > 0 && (
          <Text span c="dimmed" fz="sm" fw={400}>
            {' '}
            ({count})
          </Text>
        )}
      </Title>
      {children}
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value || '-'}</Text>
    </div>
  );
}

function Photo({ uuid, name }: { uuid: string | null; name: string }) {
  const url = useAttachmentUrl(uuid ? `/api/attachments/${uuid}/miniatura` : null);
  if (!uuid) return null;
  return url ? (
    <img src={url} alt={`Foto de ${name}`} className={classes.photo} />
  ) : (
    <Skeleton className={classes.photo} />
  );
}

function Summary({
  page,
  onChangeState,
  onEdit,
}: {
  page: AssetPageResponse;
  onChangeState: () => void;
  onEdit: () => void;
}) {
  const { equipo, hijos } = page;
  return (
    <Card withBorder radius="md" p="md">
      <Group align="flex-start" gap="lg">
        <Photo uuid={equipo.foto_uuid} name={equipo.nombre} />
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          <Group gap="sm" align="center">
            <AssetStateBadge estado={equipo.estado} size="xl" />
            <Text size="sm" data-testid="estado-desde">
              desde el {formatDate(equipo.estado_desde, 'DD/MM/YYYY [a las] HH:mm')} (
              {durationSince(equipo.estado_desde)})
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Detail label="Área" value={equipo.area.nombre} />
            <Detail label="Fabricante" value={equipo.fabricante} />
            <Detail label="Modelo" value={equipo.modelo} />
            <Detail label="Número de serie" value={equipo.numero_serie} />
            {equipo.padre && (
              <Detail
                label="Forma parte de"
                value={
                  <Anchor component={Link} to={`/equipos/${encodeURIComponent(equipo.padre.codigo)}`}>
                    {equipo.padre.codigo} · {equipo.padre.nombre}
                  </Anchor>
                }
              />
            )}
            {hijos.length > 0 && (
              <Detail
                label="Contiene"
                value={hijos.map((h, i) => (
                  <span key={h.uuid}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={`/equipos/${encodeURIComponent(h.codigo)}`}>
                      {h.codigo}
                    </Anchor>
                  </span>
                ))}
              />
            )}
          </SimpleGrid>
          {page.puede_editar && (
            <Group gap="xs">
              <Button leftSection={<IconExchange size={18} aria-hidden />} onClick={onChangeState}>
                Cambiar estado
              </Button>
              <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={onEdit}>
                Editar
              </Button>
              <Button
                variant="default"
                leftSection={<IconQrcode size={18} aria-hidden />}
                onClick={() => void downloadLabel(page.equipo.codigo)}
              >
                Etiqueta (PNG)
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** One label of this machine as a PNG, to print it alone (a sheet of many is the catalog's «Imprimir etiquetas»). */
async function downloadLabel(code: string): Promise<void> {
  try {
    saveBlob(await fetchAssetLabelPng(code, 'mediana'), `Etiqueta-${code}.png`);
  } catch (error) {
    showToast('error', errorMessage(error, 'No se pudo descargar la etiqueta. Intente nuevamente.'));
  }
}

/** «hace 3 h», «hace 2 d 4 h»: how long the state has lasted. */
function durationSince(iso: string): string {
  const minutes = Math.max(0, dayjs().diff(dayjs(iso), 'minute'));
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `hace ${days} d ${hours % 24} h` : `hace ${days} d`;
}

export function AssetPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const page = useAssetPage(code);
  const [changing, setChanging] = useState(false);
  const [editing, setEditing] = useState(false);
  const data = page.data;

  const report = (
    <Button
      color="red"
      variant="light"
      leftSection={<IconAlertTriangle size={18} aria-hidden />}
      onClick={() =>
        navigate(`/solicitudes/nueva?equipo=${encodeURIComponent(data?.equipo.codigo ?? code.toUpperCase())}`)
      }
    >
      Reportar un problema
    </Button>
  );

  return (
    <div className={classes.touch}>
      <Anchor component={Link} to="/equipos" size="sm" mb="xs" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Equipos
        </Group>
      </Anchor>
      <PageHeader
        title={data ? `${data.equipo.codigo} · ${data.equipo.nombre}` : code.toUpperCase()}
        description={data ? data.equipo.area.nombre : undefined}
        icon={<IconTool size={24} />}
        actions={report}
      />
      {page.isPending ? (
        <Stack gap="md" data-testid="asset-loading">
          <Skeleton height={160} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : !data ? (
        <EmptyState
          title={
            isApiError(page.error) && page.error.status === 404
              ? MESSAGES.assets.notFound
              : 'No se pudo cargar el equipo'
          }
          description={
            isApiError(page.error) && page.error.status === 404
              ? `No hay un equipo con el código ${code.toUpperCase()}.`
              : errorMessage(page.error, '')
          }
        />
      ) : (
        <Stack gap="md">
          {page.isError && (
            <Alert color="yellow" variant="light">
              No se pudo actualizar: se muestran los datos guardados.
            </Alert>
          )}
          <Summary page={data} onChangeState={() => setChanging(true)} onEdit={() => setEditing(true)} />
          <Section title={`Paradas de los últimos ${ASSET_TIMELINE_DAYS} días`}>
            <DowntimeTimeline {...data.linea_tiempo} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title="Trabajo abierto" count={data.trabajo_abierto.length}>
              <OpenWorkList items={data.trabajo_abierto} />
            </Section>
            <Section title="Solicitudes" count={data.solicitudes.length}>
              <ReportsList items={data.solicitudes} />
            </Section>
          </SimpleGrid>
          <Section title="Trabajo hecho" count={data.trabajo_hecho.length}>
            <DoneWorkList items={data.trabajo_hecho} />
          </Section>
          <Section title="Documentos" count={data.documentos.length}>
            <AssetDocuments code={data.equipo.codigo} documents={data.documentos} canEdit={data.puede_editar} />
          </Section>
          <ChangeStateDialog
            key={data.equipo.estado}
            asset={data.equipo}
            opened={changing}
            onClose={() => setChanging(false)}
          />
          {editing && (
            <AssetFormDialog
              asset={data.equipo}
              onClose={() => setEditing(false)}
              onSaved={(saved) =>
                saved.codigo !== data.equipo.codigo &&
                navigate(`/equipos/${encodeURIComponent(saved.codigo)}`, { replace: true })
              }
            />
          )}
        </Stack>
      )}
    </div>
  );
}
