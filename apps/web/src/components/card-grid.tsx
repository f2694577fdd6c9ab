import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import { RecordCardSkeleton } from './record-card';

/** Cards in 1, 2 or 3 columns by width (SPEC section 2.12, used by every catalog screen). */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <SimpleGrid component="section" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md" aria-label={label}>
      {children}
    </SimpleGrid>
  );
}

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md" role="status" aria-busy="true" aria-label="Cargando">
      {Array.from({ length: count }, (_, i) => (
        <RecordCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
