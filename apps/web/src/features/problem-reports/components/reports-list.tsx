/** A page of problem reports as cards; a card opens its detail (steps, photos, triage) in a drawer. */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { ProblemReportResponse } from '@gestar/contracts';
import { PagedResults, type PagedResultsProps } from '../../../components/paged-results';
import { ReportCard } from './report-card';
import { ReportDetailDrawer } from './report-detail-drawer';

export function ReportsList(props: Omit<PagedResultsProps<ProblemReportResponse>, 'children'>) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <PagedResults {...props}>
        {(rows) => (
          <Stack gap="sm">
            {rows.map((r) => (
              <ReportCard key={r.uuid} report={r} onOpen={() => setOpen(r.uuid)} />
            ))}
          </Stack>
        )}
      </PagedResults>
      <ReportDetailDrawer uuid={open} onClose={() => setOpen(null)} />
    </>
  );
}
