/**
 * Area and user filters of the board (SPEC section 2.4), shown only with
 * either assigned-tasks read permission. The user search asks the server for
 * names after a 500 ms pause; chosen users stay listed while the search changes.
 */
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useCan } from '../../../lib/can';
import type { BoardFilters as Filters } from '../api/get-board';
import { UserSearchMultiSelect } from '../../../components/user-search-multi-select';
import { useBoardAreas } from '../api/lookups';

export interface BoardFiltersProps {
  value: Filters;
  onChange: (value: Filters) => void;
}

export function BoardFilters({ value, onChange }: BoardFiltersProps) {
  const can = useCan();
  const areas = useBoardAreas(can({ anyOf: ['read:area', 'read:all:areas'] }));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
      <MultiSelect
        label="Áreas"
        placeholder={value.areas.length ? undefined : 'Todas las áreas'}
        data={(areas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }))}
        value={value.areas}
        onChange={(areasValue) => onChange({ ...value, areas: areasValue })}
        clearable
        searchable
        nothingFoundMessage="No se encontraron resultados"
      />
      <UserSearchMultiSelect activeOnly value={value.users} onChange={(users) => onChange({ ...value, users })} />
    </SimpleGrid>
  );
}
