/** Screen state kept in the address (`?q=...&area=...`): read and changed without losing the rest. */

const UUID = /^[0-9a-f-]{36}$/i;

/** A comma-joined list of uuids in a parameter; anything else in it is dropped. */
export function uuidList(value: string | null): string[] {
  return (value ?? '').split(',').filter((v) => UUID.test(v));
}

/** `search` with some parameters changed and the others kept; an empty or null value removes its parameter. */
export function withChanges(search: string, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
