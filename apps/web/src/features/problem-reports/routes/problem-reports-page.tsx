import { useState } from 'react';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { PROBLEM_REPORT_STATE_LABELS, PROBLEM_REPORT_STATES, type ProblemReportState } from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { useMyAreas, useProblemReports } from '../api/problem-reports';
import { ReportsList } from '../components/reports-list';

const STATES = PROBLEM_REPORT_STATES.map((s) => ({ value: s, label: PROBLEM_REPORT_STATE_LABELS[s] }));

/** «Solicitudes»: the reports of the caller's areas to triage, pending first and by urgency. */
export function ProblemReportsPage() {
  const [estado, setEstado] = useState<ProblemReportState | null>(null);
  const [area, setArea] = useState<string | null>(null);
  const [equipo, setEquipo] = useState('');
  const [code] = useDebouncedValue(equipo.trim(), 400);
  const [page, setPage] = useState(1);
  const areas = useMyAreas();
  const reports = useProblemReports(
    { estado: estado ?? undefined, area_uuid: area ?? undefined, equipo: code || undefined },
    page,
  );
  const set =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };
  return (
    <>
      <PageHeader
        title="Solicitudes"
        description="Problemas reportados en sus áreas: acéptelos como tarea, fusiónelos o rechácelos"
        icon={<IconInbox size={24} />}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="section" aria-label="Filtros de solicitudes">
          <Select
            label="Estado"
            placeholder="Todos"
            data={STATES}
            clearable
            value={estado}
            onChange={set((v) => setEstado(v as ProblemReportState | null))}
          />
          <Select
            label="Área"
            placeholder="Todas"
            data={(areas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }))}
            clearable
            value={area}
            onChange={set(setArea)}
          />
          <TextInput
            label="Equipo"
            placeholder="Código, por ejemplo SIE-01"
            value={equipo}
            onChange={(e) => set(setEquipo)(e.currentTarget.value)}
          />
        </SimpleGrid>
        <ReportsList
          query={reports}
          page={page}
          onPage={setPage}
          what="las solicitudes"
          empty={{
            title: 'No hay solicitudes',
            description: 'Cuando alguien reporte un problema en sus áreas, aparecerá aquí.',
          }}
        />
      </Stack>
    </>
  );
}
