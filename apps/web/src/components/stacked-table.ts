import { useCallback, useRef } from 'react';

/** Each body cell gets its column's header as `data-label`, kept up to date as rows change. */
function label(table: HTMLTableElement): void {
  const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
  for (const row of table.querySelectorAll('tbody tr')) {
    [...row.children].forEach((cell, i) => {
      const text = (cell as HTMLTableCellElement).colSpan > 1 ? '' : (headers[i] ?? '');
      if (cell.getAttribute('data-label') !== text) cell.setAttribute('data-label', text);
    });
  }
}

/**
 * A table that becomes stacked cards on a phone (app.css, `table[data-stack]`): every row a
 * card, every cell a line with its column's name, the actions reachable without scrolling
 * sideways. Give the returned ref to the `<Table>` and `data-stack` to it.
 */
export function useStackedTable() {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((table: HTMLTableElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!table) return;
    label(table);
    observer.current = new MutationObserver(() => label(table));
    observer.current.observe(table, { childList: true, subtree: true, characterData: true });
  }, []);
}
