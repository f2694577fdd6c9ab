/** Screen state kept in the address (`?q=...&area=...`): read and changed without losing the rest. */

const UUID = /^[0-9a-f-]{36}$/i;

/** A comma-joined list of uuids in a parameter; anything else in it is dropped. */
export function uuidList(value: string | null): string[] {
  return (value ?? '').split(',').filter((v) => UUID.test(v));
}

const ASSET_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;

/** A machine's code in a parameter (`?equipo=sie-01`), upper-cased as stored; null for anything else. */
export function assetCode(value: string | null): string | null {
  const code = (value ?? '').trim();
  return ASSET_CODE.test(code) ? code.toUpperCase() : null;
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
