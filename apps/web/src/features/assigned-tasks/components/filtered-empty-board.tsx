/**
 * The board when its filters leave no card: instead of «Sin tareas» in every column, which
 * filters are on (the search, «Solo mis tareas», the areas, users and machine chosen) and «Quitar filtros».
 */
import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { useCan } from '../../../lib/can';
import { useBoardAreas } from '../api/lookups';

export interface BoardFilterState {
  search: string;
  onlyMine: boolean;
  areas: string[];
  users: string[];
  equipo?: string | null;
}

/** True when any filter narrows the board. */
export function hasBoardFilters(f: BoardFilterState): boolean {
  return f.search.trim() !== '' || f.onlyMine || f.areas.length > 0 || f.users.length > 0 || Boolean(f.equipo);
}

/** The filters in words: «la búsqueda «lote 3», Solo mis tareas, las áreas Carpintería y Pintura». */
export function describeBoardFilters(f: BoardFilterState, areaName: (uuid: string) => string | undefined): string[] {
  const parts: string[] = [];
  if (f.search.trim()) parts.push(`Búsqueda: «${f.search.trim()}»`);
  if (f.onlyMine) parts.push('Solo mis tareas');
  if (f.areas.length) {
    const names = f.areas.map((uuid) => areaName(uuid));
    parts.push(
      names.every((n) => n !== undefined)
        ? `${f.areas.length === 1 ? 'Área' : 'Áreas'}: ${names.join(', ')}`
        : `${f.areas.length} ${f.areas.length === 1 ? 'área elegida' : 'áreas elegidas'}`,
    );
  }
  if (f.equipo) parts.push(`Equipo: ${f.equipo}`);
  if (f.users.length) parts.push(`${f.users.length} ${f.users.length === 1 ? 'usuario elegido' : 'usuarios elegidos'}`);
  return parts;
}

export function FilteredEmptyBoard({ filters, onClear }: { filters: BoardFilterState; onClear: () => void }) {
  const can = useCan();
  const areas = useBoardAreas(filters.areas.length > 0 && can({ anyOf: ['read:area', 'read:all:areas'] }));
  const parts = describeBoardFilters(filters, (uuid) => areas.data?.find((a) => a.uuid === uuid)?.nombre);
  return (
    <div data-testid="board-filtered-empty">
      <EmptyState
        icon={<IconFilterOff size={26} />}
        title="Ninguna tarea coincide con los filtros"
        description={`Filtros activos: ${parts.join(' · ')}.`}
        action={
          <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear} mt="xs">
            Quitar filtros
          </Button>
        }
      />
    </div>
  );
}
