import { likePattern, pageMeta, paginate, pgErrorCode, sql } from './sql';

describe('sql tag', () => {
  it('turns every interpolated value into a numbered parameter', () => {
    const q = sql`SELECT * FROM usuarios WHERE uuid = ${'u1'} AND activo = ${true}`.toQuery();
    expect(q).toEqual({ text: 'SELECT * FROM usuarios WHERE uuid = $1 AND activo = $2', values: ['u1', true] });
  });

  it('never splices a value into the text, whatever it contains', () => {
    const evil = "x'; DROP TABLE usuarios; --";
    const q = sql`SELECT 1 WHERE a = ${evil}`.toQuery();
    expect(q.text).toBe('SELECT 1 WHERE a = $1');
    expect(q.values).toEqual([evil]);
  });

  it('composes fragments, renumbering their parameters in order', () => {
    const cond = sql`nombre = ${'Ana'} AND area = ${'a1'}`;
    const q = sql`SELECT * FROM t WHERE x = ${1} AND ${cond} ${paginate({ page: 3, limit: 10 })}`.toQuery();
    expect(q).toEqual({
      text: 'SELECT * FROM t WHERE x = $1 AND nombre = $2 AND area = $3 LIMIT $4 OFFSET $5',
      values: [1, 'Ana', 'a1', 10, 20],
    });
  });

  it('keeps arrays, nulls and dates as single parameters', () => {
    const at = new Date(0);
    const q = sql`f(${['a', 'b']}::uuid[], ${null}, ${at})`.toQuery();
    expect(q).toEqual({ text: 'f($1::uuid[], $2, $3)', values: [['a', 'b'], null, at] });
  });

  it('joins fragments with a separator and skips empty ones', () => {
    const parts = [sql`a = ${1}`, sql.empty, sql`b = ${2}`];
    expect(sql.join(parts, ' AND ').toQuery()).toEqual({ text: 'a = $1 AND b = $2', values: [1, 2] });
    expect(sql.join([sql`(${1})`, sql`(${2})`]).toQuery()).toEqual({ text: '($1), ($2)', values: [1, 2] });
    expect(sql.join([]).toQuery()).toEqual({ text: '', values: [] });
  });

  it('writes WHERE only when there is a condition', () => {
    expect(sql`SELECT 1 FROM t ${sql.where([])}`.toQuery().text).toBe('SELECT 1 FROM t ');
    expect(sql`SELECT 1 FROM t ${sql.where([sql`a = ${1}`, sql.empty, sql`b = ${2}`])}`.toQuery()).toEqual({
      text: 'SELECT 1 FROM t WHERE a = $1 AND b = $2',
      values: [1, 2],
    });
  });

  it('accepts an identifier only from its whitelist', () => {
    const allowed = ['areas', 'tipos_tarea'] as const;
    expect(sql`SELECT 1 FROM ${sql.ident('areas', allowed)} WHERE uuid = ${'x'}`.toQuery()).toEqual({
      text: 'SELECT 1 FROM areas WHERE uuid = $1',
      values: ['x'],
    });
    expect(() => sql.ident('usuarios' as 'areas', allowed)).toThrow('identifier not allowed');
    expect(() => sql.ident('a; DROP TABLE x', ['a; DROP TABLE x'])).toThrow('identifier not allowed');
  });

  it('writes an integer literal only for a safe integer', () => {
    expect(sql`FETCH ${sql.int(500)} FROM c`.toQuery()).toEqual({ text: 'FETCH 500 FROM c', values: [] });
    expect(() => sql.int(1.5)).toThrow('not an integer');
    expect(() => sql.int(Number('1; DROP TABLE x'))).toThrow('not an integer');
  });

  it('renders the same fragment twice with fresh numbers', () => {
    const f = sql`x = ${5}`;
    expect(sql`${f} OR ${f}`.toQuery()).toEqual({ text: 'x = $1 OR x = $2', values: [5, 5] });
  });
});

describe('paging helpers', () => {
  it('computes the offset of a 1-based page', () => {
    expect(paginate({ page: 1, limit: 25 }).toQuery()).toEqual({ text: 'LIMIT $1 OFFSET $2', values: [25, 0] });
  });

  it('answers the meta of a page', () => {
    expect(pageMeta({ page: 2, limit: 10 }, 21)).toEqual({ totalItems: 21, currentPage: 2, limit: 10, totalPages: 3 });
    expect(pageMeta({ page: 1, limit: 10 }, 0)).toEqual({ totalItems: 0, currentPage: 1, limit: 10, totalPages: 0 });
  });
});

describe('likePattern', () => {
  it('wraps the term and escapes its own wildcards and backslashes', () => {
    expect(likePattern('ana')).toBe('%ana%');
    expect(likePattern('50%_x\\y')).toBe('%50\\%\\_x\\\\y%');
  });
});

describe('pgErrorCode', () => {
  it('reads the SQLSTATE of the error or of the driver error it wraps', () => {
    expect(pgErrorCode({ code: '23505' })).toBe('23505');
    expect(pgErrorCode({ driverError: { code: '23503' } })).toBe('23503');
    expect(pgErrorCode({ code: 'ECONNREFUSED' })).toBeUndefined();
    expect(pgErrorCode(new Error('x'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });
});
