// Issue 33 §6: a sheet of 500 machine labels (QR code, name, code, area) as one PDF, drawn by the
// API in its workers; the absolute bound is what a supervisor waits for the file. The ratio puts it
// against ten sheets of 50: printing many labels at once should cost no more per label.
import { api } from '../lib/http.mjs';
import { details, figure } from '../lib/results.mjs';
import { log, MACHINES } from '../lib/settings.mjs';

const SHEET = 500;
const SMALL = 50;
const RUNS = 3;
const LABELS_MAX_MS = 5000;

const codes = (from, n) =>
  Array.from({ length: n }, (_, i) => `EQ-${String((from + i) % MACHINES).padStart(5, '0')}`).join(',');

/** Milliseconds to the last byte of one sheet of `n` labels starting at machine `from`. */
async function sheet(ctx, from, n) {
  const t = performance.now();
  const res = await api(ctx.apiBase, ctx.adminToken, `/api/assets/labels.pdf?codes=${codes(from, n)}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`labels.pdf: ${res.status}`);
  return { ms: performance.now() - t, bytes };
}

export async function labelFigures(ctx) {
  await sheet(ctx, 0, SMALL); // warm-up: the workers and the fonts
  const big = [];
  for (let i = 0; i < RUNS; i++) big.push(await sheet(ctx, i * SHEET, SHEET));
  const small = [];
  for (let i = 0; i < SHEET / SMALL; i++) small.push(await sheet(ctx, i * SMALL, SMALL));
  const worst = Math.max(...big.map((b) => b.ms));
  const tenSmall = small.reduce((n, s) => n + s.ms, 0);
  details.labels = { big, small, worst, tenSmall };
  log(
    `Etiquetas: ${SHEET} en ${worst.toFixed(0)} ms (${big[0].bytes} bytes); ${SHEET / SMALL} hojas de ${SMALL} en ${tenSmall.toFixed(0)} ms`,
  );
  figure({
    target: 10,
    name: `Labels sheet of ${SHEET} machines (PDF), slowest of ${RUNS}`,
    value: worst,
    unit: 'ms',
    baseline: tenSmall,
    ratio: { value: worst / tenSmall, op: '<=', limit: 1.2 },
    bound: { op: '<=', limit: LABELS_MAX_MS },
    note: `baseline: ${SHEET / SMALL} sheets of ${SMALL}, one after another`,
  });
}
