import { statementName } from './db';

describe('prepared statement names', () => {
  it('names a text the second time it runs, and gives it the same name from then on', () => {
    const text = 'SELECT uuid FROM areas WHERE uuid = $1';
    expect(statementName(text, 1)).toBeUndefined();
    const name = statementName(text, 1);
    expect(name).toMatch(/^gestar_\d+$/);
    expect(statementName(text, 1)).toBe(name);
    expect(statementName('SELECT uuid FROM estados WHERE uuid = $1', 1)).toBeUndefined();
    expect(statementName('SELECT uuid FROM estados WHERE uuid = $1', 1)).not.toBe(name);
  });

  it('never names a search by a pattern given as a value: it is planned with the pattern each time', () => {
    const search = `SELECT uuid FROM equipos e WHERE lower(f_unaccent(e.codigo || ' ' || e.nombre)) LIKE lower(f_unaccent($1)) LIMIT $2`;
    for (let i = 0; i < 3; i++) expect(statementName(search, 2)).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(statementName('SELECT uuid FROM usuarios WHERE username ILIKE $1', 1)).toBeUndefined();
    const plain = 'SELECT uuid FROM usuarios WHERE username = $1';
    statementName(plain, 1);
    expect(statementName(plain, 1)).toMatch(/^gestar_\d+$/);
  });

  it('never names a parameterless text of several statements (a simple query)', () => {
    const text = 'SET LOCAL lock_timeout = 1000; SELECT 1';
    for (let i = 0; i < 3; i++) expect(statementName(text, 0)).toBeUndefined();
    const one = 'SELECT uuid FROM estados ORDER BY "order"';
    statementName(one, 0);
    expect(statementName(one, 0)).toMatch(/^gestar_\d+$/);
  });

  it('prepares a bounded number of texts: past the bound a new text runs unnamed', () => {
    const names = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const text = `SELECT ${i} FROM usuarios WHERE uuid = $1`;
      statementName(text, 1);
      const name = statementName(text, 1);
      if (name) names.add(name);
    }
    expect(names.size).toBeGreaterThan(300);
    expect(names.size).toBeLessThan(400);
    expect(statementName('SELECT uuid FROM areas WHERE uuid = $1', 1)).toMatch(/^gestar_\d+$/);
  });
});
