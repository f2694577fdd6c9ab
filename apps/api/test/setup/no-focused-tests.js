/**
 * A focused test (`it.only`, `describe.only`, `fit`, `fdescribe`) silently skips
 * every other test of its file: refuse it, so a forgotten focus fails the run.
 */
function refuse(name) {
  const thrower = () => {
    throw new Error(`${name} no está permitido: una prueba enfocada omite las demás`);
  };
  thrower.each = () => thrower;
  return thrower;
}
for (const name of ['it', 'test', 'describe']) {
  const fn = globalThis[name];
  if (fn) fn.only = refuse(`${name}.only`);
  if (fn?.concurrent) fn.concurrent.only = refuse(`${name}.concurrent.only`);
}
globalThis.fit = refuse('fit');
globalThis.fdescribe = refuse('fdescribe');
