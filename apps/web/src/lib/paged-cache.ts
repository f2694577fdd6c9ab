/**
 * Local cache updates after a create, update or delete (SPEC section 4): the
 * list on screen changes at once, with `meta.totalItems` moved by one, and
 * the caller then invalidates so the server's order and paging win.
 */
import type { Paged } from '@gestar/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface WithUuid {
  uuid: string;
}

function withTotal<T>(list: Paged<T>, data: T[], delta: number): Paged<T> {
  const totalItems = Math.max(0, list.meta.totalItems + delta);
  const totalPages = Math.ceil(totalItems / list.meta.limit);
  return { data, meta: { ...list.meta, totalItems, totalPages } };
}

/** Appends a created record to the list the screen shows (`key`). */
export function appendToList<T extends WithUuid>(client: QueryClient, key: QueryKey, item: T): void {
  client.setQueryData<Paged<T>>(key, (list) => (list ? withTotal(list, [...list.data, item], 1) : list));
}

/** Replaces a record in every cached page under `prefix` that holds it. */
export function replaceInLists<T extends WithUuid>(client: QueryClient, prefix: QueryKey, item: T): void {
  client.setQueriesData<Paged<T>>({ queryKey: prefix }, (list) =>
    list && list.data.some((row) => row.uuid === item.uuid)
      ? { ...list, data: list.data.map((row) => (row.uuid === item.uuid ? item : row)) }
      : list,
  );
}

/** Removes a record from every cached page under `prefix`; pages holding it lose one from the total. */
export function removeFromLists<T extends WithUuid>(client: QueryClient, prefix: QueryKey, uuid: string): void {
  client.setQueriesData<Paged<T>>({ queryKey: prefix }, (list) =>
    list && list.data.some((row) => row.uuid === uuid)
      ? withTotal(
          list,
          list.data.filter((row) => row.uuid !== uuid),
          -1,
        )
      : list,
  );
}
