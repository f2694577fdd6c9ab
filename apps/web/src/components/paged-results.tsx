import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '@gestar/contracts';
import { EmptyState } from './empty-state';
import { PageLoader } from './page-loader';
import { Pagination } from './pagination';

export interface PagedResultsProps<T> {
  query: UseQueryResult<Paged<T>, Error>;
  page: number;
  onPage: (page: number) => void;
  /** What could not be loaded, as in «No se pudo cargar {what}: ...». */
  what: string;
  empty: { title: string; description: string };
  children: (rows: T[]) => ReactNode;
}

/** A filtered log's results (audit, deliveries): loading, its error, nothing found, or the rows and their pages. */
export function PagedResults<T>({ query, page, onPage, what, empty, children }: PagedResultsProps<T>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        No se pudo cargar {what}: {query.error.message}
      </Alert>
    );
  }
  if (query.data.data.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <>
      {children(query.data.data)}
      <Pagination page={page} totalPages={query.data.meta.totalPages} onChange={onPage} disabled={query.isFetching} />
    </>
  );
}
