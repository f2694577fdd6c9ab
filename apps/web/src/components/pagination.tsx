import { Group, Pagination as MantinePagination } from '@mantine/core';
import { PAGINATION_SIBLINGS } from '../lib/ui-settings';

export interface PaginationProps {
  /** Current page, starting at 1. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/**
 * Page selector (SPEC section 9): up to 2 pages either side of the current
 * one, previous/next disabled at the ends. Hidden when there is one page.
 */
export function Pagination({ page, totalPages, onChange, disabled }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <MantinePagination
        value={page}
        total={totalPages}
        onChange={onChange}
        siblings={PAGINATION_SIBLINGS}
        boundaries={1}
        disabled={disabled}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Página siguiente' : control,
        })}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
      />
    </Group>
  );
}
