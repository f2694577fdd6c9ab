import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReportAnalytics } from '@tabler/icons-react';
import { DEBOUNCE_MS, MESSAGES, PAGE_SIZE, todayIn, type ReportRow } from '@gestar/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { dayjs } from '../../../lib/dates';
import { useReport, useReportStats, type ReportFilters } from '../api/get-report';
import { ExportButtons } from '../components/export-buttons';
import { DowntimeSection } from '../components/downtime-section';
import { TimeSection } from '../components/time-section';
import { ReportCharts } from '../components/report-charts';
import { ReportFiltersBar, type ReportFilterValues } from '../components/report-filters';
import { ReportTable } from '../components/report-table';
import { SuggestionsDialog } from '../components/suggestions-dialog';

/** The current month in the company's calendar: the default 'Rango de fecha' (SPEC section 2.13). */
function currentMonth(): [string, string] {
  const today = dayjs(todayIn());
  return [today.startOf('month').format('YYYY-MM-DD'), today.endOf('month').format('YYYY-MM-DD')];
}

/** SPEC section 2.13: Reportes. */
export function ReportsPage() {
  const [values, setValues] = useState<ReportFilterValues>(() => ({
    statuses: [],
    areas: [],
    users: [],
    range: currentMonth(),
    titleInput: '',
  }));
  const [title] = useDebouncedValue(values.titleInput.trim(), DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [suggestionsOf, setSuggestionsOf] = useState<ReportRow | null>(null);

  const [start, end] = values.range;
  // A range being picked (start chosen, end not yet) keeps the previous one until it is complete.
  const [appliedRange, setAppliedRange] = useState<[string | null, string | null]>(values.range);
  if ((start && end) || (!start && !end)) {
    if (appliedRange[0] !== start || appliedRange[1] !== end) setAppliedRange([start, end]);
  }

  const filters = useMemo<ReportFilters>(
    () => ({
      statuses: values.statuses,
      areas: values.areas,
      users: values.users,
      title,
      startDate: appliedRange[0],
      endDate: appliedRange[1],
    }),
    [values.statuses, values.areas, values.users, title, appliedRange],
  );

  // A filter change starts again from the first page.
  const [lastFilters, setLastFilters] = useState(filters);
  if (lastFilters !== filters) {
    setLastFilters(filters);
    setPage(1);
  }

  const report = useReport(filters, page, PAGE_SIZE);
  const stats = useReportStats(filters);
  const rows = report.data?.data;

  return (
    <>
      <PageHeader
        title="Reportes"
        description="Consulte y exporte el trabajo realizado por colaborador, área y estado"
        icon={<IconReportAnalytics size={24} />}
        helpHref="/ayuda/reportes"
        helpLabel="Más sobre reportes"
        actions={<ExportButtons filters={filters} />}
      >
        <ReportFiltersBar value={values} onChange={setValues} />
      </PageHeader>

      {report.isError ? (
        <EmptyState
          title={MESSAGES.errors.infoUnavailable}
          description={errorMessage(report.error, MESSAGES.errors.internal)}
        />
      ) : !report.isPending && rows?.length === 0 ? (
        <EmptyState title="No existen reportes para los filtros seleccionados" />
      ) : (
        <>
          <ReportCharts stats={stats.data} loading={stats.isPending} />
          <ReportTable rows={rows} loading={report.isPending} onShowSuggestions={setSuggestionsOf} />
        </>
      )}

      <Pagination
        page={page}
        totalPages={report.data?.totalPages ?? 0}
        onChange={setPage}
        disabled={report.isFetching}
      />
      <DowntimeSection filters={filters} />
      <TimeSection filters={filters} />
      <SuggestionsDialog row={suggestionsOf} onClose={() => setSuggestionsOf(null)} />
    </>
  );
}
