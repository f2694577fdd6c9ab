/**
 * Filters of SPEC section 2.13: status, areas, users (multi-selects), the
 * date range 'Rango de fecha' (DECISIONS section 4 fixes the label) and the
 * task-title input. Users are searched on the server by name after a 500 ms
 * pause; chosen users stay listed while the search changes.
 */
import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { DATE_PICKER_PLACEHOLDER } from '@gestar/contracts';
import { useCan } from '../../../lib/can';
import { DATE_INPUT_FORMAT, dayjs } from '../../../lib/dates';
import { UserSearchMultiSelect } from '../../../components/user-search-multi-select';
import { useReportAreas, useReportStatuses } from '../api/lookups';

const WEEKDAY_LETTERS = 'DLMXJVS';
const NOTHING_FOUND = 'No se encontraron resultados';

export interface ReportFilterValues {
  statuses: string[];
  areas: string[];
  users: string[];
  range: [string | null, string | null];
  titleInput: string;
}

export interface ReportFiltersProps {
  value: ReportFilterValues;
  onChange: (value: ReportFilterValues) => void;
}

export function ReportFiltersBar({ value, onChange }: ReportFiltersProps) {
  const can = useCan();
  const statuses = useReportStatuses(can('read:status'));
  const areas = useReportAreas(can({ anyOf: ['read:area', 'read:all:areas'] }));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" role="search" aria-label="Filtros del reporte">
      <MultiSelect
        label="Estados"
        placeholder={value.statuses.length ? undefined : 'Todos los estados'}
        data={(statuses.data ?? []).map((s) => ({ value: s.uuid, label: s.nombre }))}
        value={value.statuses}
        onChange={(statusesValue) => onChange({ ...value, statuses: statusesValue })}
        clearable
        searchable
        nothingFoundMessage={NOTHING_FOUND}
      />
      <MultiSelect
        label="Áreas"
        placeholder={value.areas.length ? undefined : 'Todas las áreas'}
        data={(areas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }))}
        value={value.areas}
        onChange={(areasValue) => onChange({ ...value, areas: areasValue })}
        clearable
        searchable
        nothingFoundMessage={NOTHING_FOUND}
      />
      <UserSearchMultiSelect value={value.users} onChange={(users) => onChange({ ...value, users })} />
      <DatePickerInput
        type="range"
        label="Rango de fecha"
        placeholder={DATE_PICKER_PLACEHOLDER}
        valueFormat={DATE_INPUT_FORMAT}
        locale="es"
        firstDayOfWeek={0}
        weekdayFormat={(date) => WEEKDAY_LETTERS[dayjs(date).day()]}
        leftSection={<IconCalendar size={16} aria-hidden />}
        clearable
        allowSingleDateInRange
        value={value.range}
        onChange={([start, end]) =>
          onChange({
            ...value,
            range: [start ? String(start).slice(0, 10) : null, end ? String(end).slice(0, 10) : null],
          })
        }
        popoverProps={{ withinPortal: true }}
      />
      <TextInput
        label="Tarea"
        placeholder="Buscar por título"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.titleInput}
        onChange={(e) => onChange({ ...value, titleInput: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
