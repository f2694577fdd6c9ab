/**
 * The data of a catalog screen (areas, statuses, task types, job positions): one paged
 * list query and the create / update / delete mutations that keep the cached pages right.
 * Each catalog only says which routes, which cache key and what else shows its records.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type PageMeta, type RouteDescriptor } from '@gestar/contracts';
import { apiRequest } from './api-client';
import { appendToList, removeFromLists, replaceInLists } from './paged-cache';

export interface CatalogRecord {
  uuid: string;
  nombre: string;
}

export interface CatalogApi<Row extends CatalogRecord> {
  /** Root of every cached query of this catalog (lists, pickers elsewhere): invalidated on each change. */
  key: string;
  routes: { list: RouteDescriptor; create: RouteDescriptor; update: RouteDescriptor; remove: RouteDescriptor };
  /** Records per page; null shows them all on one page (statuses are few and ordered). */
  pageSize: number | null;
  staleTime: number;
  /** Other cached data that embeds these records (tasks show their type's name). */
  alsoInvalidate?: readonly QueryKey[];
  /** The order the server answers in, kept by the cached list after a change. */
  sort?: (a: Row, b: Row) => number;
}

export interface CatalogPage<Row> {
  data: Row[];
  meta: PageMeta;
}

function limitOf(api: CatalogApi<CatalogRecord>): number {
  return api.pageSize ?? MAX_PAGE_SIZE;
}

export function catalogListQueryOptions<Row extends CatalogRecord>(api: CatalogApi<Row>, page: number) {
  const limit = limitOf(api as CatalogApi<CatalogRecord>);
  return queryOptions({
    queryKey: [api.key, 'list', { page, limit }],
    queryFn: () => apiRequest(api.routes.list, { query: { page, limit } }) as Promise<CatalogPage<Row>>,
    staleTime: api.staleTime,
  });
}

export function useCatalogList<Row extends CatalogRecord>(api: CatalogApi<Row>, page: number) {
  return useQuery({ ...catalogListQueryOptions(api, page), placeholderData: keepPreviousData });
}

/** Create (appended to the page on screen), update and delete, each refreshing what shows the records. */
export function useCatalogMutations<Row extends CatalogRecord, Body>(api: CatalogApi<Row>, page: number) {
  const client = useQueryClient();
  const listKey = catalogListQueryOptions(api, page).queryKey;
  const listsKey = [api.key, 'list'];
  const refresh = async () => {
    if (api.sort) {
      const sort = api.sort;
      client.setQueriesData<CatalogPage<Row>>({ queryKey: listsKey }, (list) =>
        list ? { ...list, data: [...list.data].sort(sort) } : list,
      );
    }
    await Promise.all(
      [[api.key], ...(api.alsoInvalidate ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
  };
  const create = useMutation({
    mutationFn: (body: Body) => apiRequest(api.routes.create, { body: body as never }) as Promise<Row>,
    onSuccess: async (row) => {
      appendToList(client, listKey, row);
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) =>
      apiRequest(api.routes.update, { params: { id }, body: body as never }) as Promise<Row>,
    onSuccess: async (row) => {
      replaceInLists(client, listsKey, row);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(api.routes.remove, { params: { id } }),
    onSuccess: async (_answer, id) => {
      removeFromLists(client, listsKey, id);
      await refresh();
    },
  });
  return { create, update, remove };
}
