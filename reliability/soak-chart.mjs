// The soak's chart, as a hand-written SVG: resident memory, p99 of each call kind (one
// minute windows, logarithmic scale), and file descriptors with database connections,
// over the minutes of the run, with the warm-up and the two compared windows shaded.

const W = 960;
const LEFT = 70;
const RIGHT = 170;
const PLOT_W = W - LEFT - RIGHT;
const PANEL_H = 170;
const GAP = 60;
const TOP = 66;

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (n) =>
  n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1).replace(/\.0$/, '') : n.toFixed(2).replace(/\.?0+$/, '');

/** Round steps for an axis from `lo` to `hi`. */
function ticks(lo, hi, count = 5) {
  const span = hi - lo || 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => span / s <= count) ?? 10 * mag;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/**
 * `chart` = { minutes, warmupMin, base: [from, to], end: [from, to], samples: [{ t (min), rssMb, fds, dbConns,
 * p99: { kind: ms|null } }], kinds: [{ key, label, color }] }.
 */
export function soakSvg(chart) {
  const { minutes, samples, kinds } = chart;
  const x = (t) => LEFT + (Math.max(0, Math.min(minutes, t)) / minutes) * PLOT_W;
  const parts = [];
  const panelTop = (i) => TOP + i * (PANEL_H + GAP);
  const H = panelTop(3) - GAP + 50;

  const bands = (top) => {
    const band = (from, to, fill, label) =>
      `<rect x="${x(from).toFixed(1)}" y="${top}" width="${(x(to) - x(from)).toFixed(1)}" height="${PANEL_H}" fill="${fill}"/>` +
      (label
        ? `<text x="${((x(from) + x(to)) / 2).toFixed(1)}" y="${top + 12}" font-size="10" text-anchor="middle" fill="#555">${esc(label)}</text>`
        : '');
    return (
      band(0, chart.warmupMin, '#eeeeee', 'calentamiento') +
      band(chart.base[0], chart.base[1], '#e3eefb', 'ventana inicial') +
      band(chart.end[0], chart.end[1], '#e3eefb', 'ventana final')
    );
  };

  const xAxis = (top) => {
    const y = top + PANEL_H;
    let s = `<line x1="${LEFT}" y1="${y}" x2="${LEFT + PLOT_W}" y2="${y}" stroke="#333"/>`;
    for (const t of ticks(0, minutes, 8)) {
      s += `<line x1="${x(t).toFixed(1)}" y1="${y}" x2="${x(t).toFixed(1)}" y2="${y + 4}" stroke="#333"/>`;
      s += `<text x="${x(t).toFixed(1)}" y="${y + 16}" font-size="11" text-anchor="middle">${fmt(t)}</text>`;
    }
    return s;
  };

  /** One panel: `series` = [{ label, color, points: [[t, v|null]] }], linear or log y. */
  const panel = (i, title, unit, series, { log = false, zero = false } = {}) => {
    const top = panelTop(i);
    const values = series.flatMap((s) => s.points.map((p) => p[1]).filter((v) => v != null && v > 0));
    let lo = values.length ? Math.min(...values) : 0;
    let hi = values.length ? Math.max(...values) : 1;
    let yTicks;
    let y;
    if (log) {
      lo = 10 ** Math.floor(Math.log10(Math.max(lo, 0.1)));
      hi = 10 ** Math.ceil(Math.log10(Math.max(hi, lo * 10)));
      y = (v) => top + PANEL_H - ((Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * PANEL_H;
      yTicks = [];
      for (let d = lo; d <= hi * 1.001; d *= 10) for (const m of [1, 2, 5]) if (d * m <= hi * 1.001) yTicks.push(d * m);
    } else {
      if (zero) lo = 0;
      const pad = (hi - lo) * 0.1 || Math.max(1, hi * 0.05);
      lo = zero ? 0 : Math.max(0, lo - pad);
      hi = hi + pad;
      yTicks = ticks(lo, hi, 5);
      lo = Math.min(lo, yTicks[0] ?? lo);
      y = (v) => top + PANEL_H - ((v - lo) / (hi - lo)) * PANEL_H;
    }
    let s = `<g>${bands(top)}`;
    s += `<text x="${LEFT}" y="${top - 10}" font-size="14" font-weight="bold">${esc(title)}</text>`;
    for (const v of yTicks) {
      const yy = y(v);
      if (yy < top - 0.5 || yy > top + PANEL_H + 0.5) continue;
      s += `<line x1="${LEFT}" y1="${yy.toFixed(1)}" x2="${LEFT + PLOT_W}" y2="${yy.toFixed(1)}" stroke="#ddd"/>`;
      s += `<text x="${LEFT - 6}" y="${(yy + 4).toFixed(1)}" font-size="11" text-anchor="end">${fmt(v)}</text>`;
    }
    s += `<line x1="${LEFT}" y1="${top}" x2="${LEFT}" y2="${top + PANEL_H}" stroke="#333"/>`;
    s += `<text x="${LEFT - 50}" y="${top + PANEL_H / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 ${LEFT - 50} ${top + PANEL_H / 2})">${esc(unit)}</text>`;
    series.forEach((serie, k) => {
      // A gap (null) breaks the line.
      const runs = [[]];
      for (const [t, v] of serie.points) {
        if (v == null || (log && v <= 0)) {
          if (runs.at(-1).length) runs.push([]);
          continue;
        }
        runs.at(-1).push(`${x(t).toFixed(1)},${y(v).toFixed(1)}`);
      }
      for (const r of runs)
        if (r.length) s += `<polyline fill="none" stroke="${serie.color}" stroke-width="1.6" points="${r.join(' ')}"/>`;
      const ly = top + 14 + k * 16;
      s += `<line x1="${LEFT + PLOT_W + 12}" y1="${ly - 4}" x2="${LEFT + PLOT_W + 30}" y2="${ly - 4}" stroke="${serie.color}" stroke-width="2.5"/>`;
      s += `<text x="${LEFT + PLOT_W + 35}" y="${ly}" font-size="11">${esc(serie.label)}</text>`;
    });
    s += xAxis(top);
    return `${s}</g>`;
  };

  parts.push(
    panel(0, 'Memoria residente de la API', 'MB', [
      { label: 'RSS', color: '#1f77b4', points: samples.map((p) => [p.t, p.rssMb]) },
    ]),
  );
  parts.push(
    panel(
      1,
      'p99 por tipo de llamada (ventanas de 1 minuto)',
      'ms (escala logarítmica)',
      kinds.map((k) => ({ label: k.label, color: k.color, points: samples.map((p) => [p.t, p.p99[k.key] ?? null]) })),
      { log: true },
    ),
  );
  parts.push(
    panel(
      2,
      'Descriptores de archivo y conexiones a la base',
      'cantidad',
      [
        { label: 'descriptores', color: '#2ca02c', points: samples.map((p) => [p.t, p.fds]) },
        { label: 'otros descriptores', color: '#17becf', points: samples.map((p) => [p.t, p.otherFds ?? null]) },
        { label: 'conexiones', color: '#d62728', points: samples.map((p) => [p.t, p.dbConns]) },
      ],
      { zero: true },
    ),
  );
  parts.push(
    `<text x="${LEFT + PLOT_W / 2}" y="${H - 12}" font-size="12" text-anchor="middle">minutos desde el inicio de la carga</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">
<title>${esc(chart.title)}</title>
<rect width="${W}" height="${H}" fill="#fff"/>
<text x="${LEFT}" y="24" font-size="16" font-weight="bold">${esc(chart.title)}</text>
${parts.join('\n')}
</svg>
`;
}
