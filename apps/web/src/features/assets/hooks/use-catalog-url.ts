/**
 * The catalog's filters live in the address (`/equipos?q=sierra&area=<uuid>&estado=detenido&pagina=2`),
 * so a reload, the back button from a machine's page or a shared link keeps them.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { DEBOUNCE_MS } from '@gestar/contracts';
import { withChanges } from '../../../lib/search-params';
import type { AssetFilters } from '../api/assets';
import { catalogFilters } from '../components/asset-states';

export function useCatalogUrl() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const filters: AssetFilters = useMemo(() => catalogFilters(params), [params]);

  /** Changes some filters, keeping the others; any change but the page's goes back to page 1. */
  const setFilters = useCallback(
    (changes: Record<string, string | null>) => {
      // A search still resting when a machine's link is followed must not land on that page's address.
      if (window.location.pathname !== pathname) return;
      const withPage = 'pagina' in changes ? changes : { ...changes, pagina: null };
      setParams(withChanges(window.location.search, withPage), { replace: true });
    },
    [setParams, pathname],
  );

  // The search box as typed; it reaches the address once it has rested DEBOUNCE_MS.
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== filters.q) setFilters({ q: debounced || null });
  }, [debounced, filters.q, setFilters]);

  return { filters, setFilters, search, setSearch };
}
