import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconClipboardText } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { PendingReports } from '../components/pending-reports';
import { useProblemReports } from '../api/problem-reports';
import { ReportCard } from '../components/report-card';
import { ReportDetailDrawer } from '../components/report-detail-drawer';

/** «Mis solicitudes»: the problems the caller reported, each with its steps. */
export function MyProblemReportsPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const reports = useProblemReports({ mias: true }, page);
  return (
    <>
      <PageHeader
        title="Mis solicitudes"
        description="Los problemas que usted reportó y en qué paso está cada uno"
        icon={<IconClipboardText size={24} />}
        actions={
          <Button component={Link} to="/solicitudes/nueva" leftSection={<IconAlertTriangle size={16} />}>
            Reportar un problema
          </Button>
        }
      />
      <Stack gap="sm">
        <PendingReports />
        <PagedResults
          query={reports}
          page={page}
          onPage={setPage}
          what="sus solicitudes"
          empty={{ title: 'Todavía no reportó problemas', description: 'Use «Reportar un problema» cuando un equipo o su área lo necesite.' }}
        >
          {(rows) => (
            <Stack gap="sm">
              {rows.map((r) => (
                <ReportCard key={r.uuid} report={r} onOpen={() => setOpen(r.uuid)} />
              ))}
            </Stack>
          )}
        </PagedResults>
      </Stack>
      <ReportDetailDrawer uuid={open} onClose={() => setOpen(null)} />
    </>
  );
}
