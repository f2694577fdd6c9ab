/** Text as a search compares it: without accents and in lower case ("Revisión" finds "revision"). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
