/**
 * What the board shows lives in the URL, so a reload or a shared link keeps it: `q` (title
 * search), `mias=1` ('Solo mis tareas'), `area` and `usuarios` (comma-joined uuids), `equipo` (a machine's code) and `tarea`
 * (the task open in the drawer, DECISIONS.md section 8: `/?tarea=<uuid>`).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_MS } from '@gestar/contracts';
import { assetCode, uuidList, withChanges } from '../../../lib/search-params';
import type { BoardFilters } from '../api/get-board';

export type SetBoardUrl = (changes: Record<string, string | null>, options?: { push?: boolean; state?: unknown }) => void;

/** The board's URL state; `canWatch`: whether 'Solo mis tareas' applies to the caller. */
export function useBoardUrl(canWatch: boolean) {
  const [params, setParams] = useSearchParams();
  const filters: BoardFilters = useMemo(
    () => ({ areas: uuidList(params.get('area')), users: uuidList(params.get('usuarios')), equipo: assetCode(params.get('equipo')) }),
    [params],
  );
  const onlyMine = canWatch && params.get('mias') === '1';
  const detailId = params.get('tarea');
  const urlSearch = params.get('q') ?? '';

  /**
   * Changes some URL parameters, keeping the others; empty values are removed. It starts from
   * the address as it is now, not from this render's copy: the router applies a change in a
   * transition, so a debounced search landing meanwhile would otherwise drop a switch just
   * turned on ('Solo mis tareas').
   */
  const setUrl: SetBoardUrl = useCallback(
    (changes, options = {}) => {
      setParams(withChanges(window.location.search, changes), { replace: !options.push, state: options.state });
    },
    [setParams],
  );

  // The search box as typed; it reaches the URL once it has rested DEBOUNCE_MS.
  const [search, setSearch] = useState(urlSearch);
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  useEffect(() => {
    if (debounced.trim() !== urlSearch) setUrl({ q: debounced.trim() || null });
  }, [debounced, urlSearch, setUrl]);

  return { filters, onlyMine, detailId, urlSearch, setUrl, search, setSearch };
}
