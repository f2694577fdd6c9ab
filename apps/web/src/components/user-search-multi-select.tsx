/**
 * The users filter of the board and the reports: a multi-select that asks the
 * server for names after a 500 ms pause (SPEC 2.4, 9); chosen users stay listed
 * while the search changes. Disabled without a permission to list users.
 */
import { useMemo, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS, USERS_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../lib/api-client';
import { useCan } from '../lib/can';
import { CACHE_TIMES } from '../lib/ui-settings';

const NOTHING_FOUND = 'No se encontraron resultados';

/** Users whose first or last name contains `name` (empty: the first ones). */
export function userSearchQueryOptions(name: string, activeOnly: boolean) {
  return queryOptions({
    queryKey: ['users', 'search', name, activeOnly],
    queryFn: async () =>
      (
        await apiRequest(USERS_ROUTES.list, {
          query: { nombre: name, apellido: name, limit: 20, ...(activeOnly ? { activo: true } : {}) },
        })
      ).data,
    staleTime: CACHE_TIMES.users,
  });
}

export interface UserSearchMultiSelectProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Offer only active users (the board); reports also list former employees. */
  activeOnly?: boolean;
}

export function UserSearchMultiSelect({ value, onChange, activeOnly = false }: UserSearchMultiSelectProps) {
  const can = useCan();
  const canListUsers = can({ anyOf: ['read:user', 'read:user:all'] });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const users = useQuery({
    ...userSearchQueryOptions(debounced, activeOnly),
    enabled: canListUsers,
    placeholderData: keepPreviousData,
  });
  const [known, setKnown] = useState<Record<string, string>>({});

  const userOptions = useMemo(() => {
    const labels: Record<string, string> = { ...known };
    for (const u of users.data ?? []) labels[u.uuid] = `${u.nombre} ${u.apellido}`;
    return Object.entries(labels).map(([uuid, label]) => ({ value: uuid, label }));
  }, [known, users.data]);

  return (
    <MultiSelect
      label="Usuarios"
      placeholder={value.length ? undefined : 'Buscar por nombre'}
      data={userOptions}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the name; do not filter its answer again by label.
      filter={({ options }) => options}
      onChange={(usersValue) => {
        setKnown((prev) => {
          const next = { ...prev };
          for (const option of userOptions) if (usersValue.includes(option.value)) next[option.value] = option.label;
          return next;
        });
        onChange(usersValue);
      }}
      clearable
      disabled={!canListUsers}
      nothingFoundMessage={users.isFetching ? 'Buscando...' : NOTHING_FOUND}
    />
  );
}
