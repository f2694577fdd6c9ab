import { describe, expect, it } from 'vitest';
import { assetCode, uuidList, withChanges } from './search-params';
import { foldForSearch } from './text';

const A = '6f1c1d0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const B = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('the board\'s address', () => {
  it('reads a comma-joined list of uuids, dropping anything else', () => {
    expect(uuidList(`${A},${B}`)).toEqual([A, B]);
    expect(uuidList(`${A},,nada,<script>,${B.toUpperCase()}`)).toEqual([A, B.toUpperCase()]);
    expect(uuidList(null)).toEqual([]);
    expect(uuidList('')).toEqual([]);
  });

  it('changes some parameters and keeps the others; an empty value removes its parameter', () => {
    const next = withChanges(`?q=mesa&mias=1&area=${A}`, { q: 'silla', mias: null, usuarios: B, tarea: '' });
    expect(Object.fromEntries(next)).toEqual({ q: 'silla', area: A, usuarios: B });
  });
});

describe('search text', () => {
  it('finds a title whatever its accents and case', () => {
    expect(foldForSearch('Revisión de MÁQUINA')).toBe('revision de maquina');
    expect(foldForSearch('Revisión').includes(foldForSearch('REVISION'))).toBe(true);
  });
});

describe('a machine in the address', () => {
  it('reads a code, upper-cased as stored; anything else is no machine', () => {
    expect(assetCode(' sie-01 ')).toBe('SIE-01');
    expect(assetCode('CNC.2_b')).toBe('CNC.2_B');
    expect(assetCode('-SIE')).toBeNull();
    expect(assetCode('a'.repeat(21))).toBeNull();
    expect(assetCode('<script>')).toBeNull();
    expect(assetCode(null)).toBeNull();
  });
});
