import { safeReturnPath } from './auth.schemas';

describe('safeReturnPath: where a company sign-in may return to', () => {
  it.each([
    ['/?tarea=3f1c9a52-7a0e-4d1e-9a53-1c2b3d4e5f60', '/?tarea=3f1c9a52-7a0e-4d1e-9a53-1c2b3d4e5f60'],
    ['/tareas?page=2#fila', '/tareas?page=2#fila'],
    ['/', '/'],
  ])('accepts a path of this application: %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/%0a'.replace('%0a', '\n')],
    ['evil.example'],
    ['/login?sso_error=estado'],
    [''],
    [null],
    [undefined],
    [`/${'a'.repeat(500)}`],
  ])('refuses anything else: %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
