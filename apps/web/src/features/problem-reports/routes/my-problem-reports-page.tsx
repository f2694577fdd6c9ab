import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconClipboardText } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { PendingReports } from '../components/pending-reports';
import { useProblemReports } from '../api/problem-reports';
import { ReportsList } from '../components/reports-list';

/** «Mis solicitudes»: the problems the caller reported, each with its steps. */
export function MyProblemReportsPage() {
  const [page, setPage] = useState(1);
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
        <ReportsList
          query={reports}
          page={page}
          onPage={setPage}
          what="sus solicitudes"
          empty={{
            title: 'Todavía no reportó problemas',
            description: 'Use «Reportar un problema» cuando un equipo o su área lo necesite.',
          }}
        />
      </Stack>
    </>
  );
}
