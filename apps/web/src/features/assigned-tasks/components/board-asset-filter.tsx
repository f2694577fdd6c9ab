/**
 * The board's «Equipo» filter: one machine, searched by code or name on the server after the usual
 * pause; the choice is the machine's code, kept in the address (`?equipo=SIE-01`).
 */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_MS } from '@gestar/contracts';
import { useCan } from '../../../lib/can';
import { useBoardAssets } from '../api/lookups';

export function BoardAssetFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (code: string | null) => void;
}) {
  const can = useCan();
  const [search, setSearch] = useState('');
  // Once chosen, the field shows the machine's label: that is not a search.
  const [chosen, setChosen] = useState<string | null>(null);
  const [asked] = useDebouncedValue(search === chosen ? '' : search.trim(), DEBOUNCE_MS);
  const allowed = can('read:asset');
  const assets = useBoardAssets(asked, allowed);
  if (!allowed) return null;
  const options = (assets.data ?? []).map((a) => ({ value: a.codigo, label: `${a.codigo} · ${a.nombre}` }));
  // The machine of the address stays offered while the search looks for others.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: chosen ?? value });
  return (
    <Select
      label="Equipo"
      placeholder="Todos los equipos"
      data={options}
      value={value}
      onChange={(code, option) => {
        setChosen(option?.label ?? null);
        onChange(code);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage="No se encontraron equipos"
      filter={({ options: all }) => all}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
