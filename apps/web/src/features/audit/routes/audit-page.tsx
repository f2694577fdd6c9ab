import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconHistory, IconShieldSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_RESOURCE_LABELS, AUDIT_RESOURCES, UuidSchema } from '@gestar/contracts';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { showToast } from '../../../lib/toast';
import { EMPTY_AUDIT_FILTERS, useAudit, useAuditActors, useExportAudit, type AuditFilterValues } from '../api/audit';
import { AuditList } from '../components/audit-list';
import { JobStatuses } from '../components/job-statuses';

const ACTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }));
const RESOURCES = AUDIT_RESOURCES.map((r) => ({ value: r, label: AUDIT_RESOURCE_LABELS[r] }));

/** Administración > Auditoría: who did what and when, with filters and an Excel export; then the background jobs. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  // «Ver su historial» of an entry: the record is in the address, so the link can be kept and shared.
  const parsed = UuidSchema.safeParse(params.get('recurso_uuid'));
  const record = parsed.success ? parsed.data : null;
  const [chosen, setFilters] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTERS);
  const filters = { ...chosen, recurso_uuid: record };
  const [page, setPage] = useState(1);
  const [shownRecord, setShownRecord] = useState(record);
  if (shownRecord !== record) {
    setShownRecord(record);
    setPage(1);
  }
  const audit = useAudit(filters, page);
  const recordName = record ? audit.data?.data.find((e) => e.recurso_uuid === record)?.registro?.nombre : undefined;
  const actors = useAuditActors();
  const exporter = useExportAudit();
  const set = (patch: Partial<AuditFilterValues>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const people = (actors.data?.data ?? []).map((u) => ({ value: u.uuid, label: `${u.nombre} ${u.apellido} (${u.username})` }));

  return (
    <>
      <PageHeader
        title="Auditoría"
        description="Quién hizo qué y cuándo: ingresos, cambios, exportaciones y accesos rechazados"
        icon={<IconShieldSearch size={24} />}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" component="section" aria-label="Filtros de auditoría">
          <Select
            label="Usuario"
            placeholder="Todos"
            data={people}
            searchable
            clearable
            value={filters.actor_uuid}
            onChange={(v) => set({ actor_uuid: v })}
            nothingFoundMessage="Sin coincidencias"
          />
          <Select label="Acción" placeholder="Todas" data={ACTIONS} clearable value={filters.accion} onChange={(v) => set({ accion: v })} />
          <Select label="Recurso" placeholder="Todos" data={RESOURCES} clearable value={filters.recurso} onChange={(v) => set({ recurso: v })} />
          <DateField label="Desde" value={filters.desde} onChange={(v) => set({ desde: v })} maxDate={filters.hasta ?? undefined} />
          <DateField label="Hasta" value={filters.hasta} onChange={(v) => set({ hasta: v })} minDate={filters.desde ?? undefined} />
        </SimpleGrid>
        {record && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconHistory size={18} />}
            title={recordName ? `Historial de ${recordName}` : 'Historial de un registro'}
            role="status"
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">Todo lo que le ocurrió a este registro, el más reciente primero.</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  setParams((p) => {
                    p.delete('recurso_uuid');
                    return p;
                  })
                }
              >
                Ver todas las entradas
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {audit.data ? (audit.data.meta.totalItems === 1 ? '1 entrada' : `${audit.data.meta.totalItems} entradas`) : ''}
          </Text>
          <Button
            variant="light"
            color="green"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(filters, {
                onError: (e) => showToast('error', e.message),
              })
            }
          >
            Exportar a Excel
          </Button>
        </Group>
        <PagedResults
          query={audit}
          page={page}
          onPage={setPage}
          what="la auditoría"
          empty={{ title: 'Sin entradas', description: 'No hay entradas de auditoría con estos filtros.' }}
        >
          {(rows) => <AuditList entries={rows} filtered={record} />}
        </PagedResults>
        <JobStatuses />
      </Stack>
    </>
  );
}
