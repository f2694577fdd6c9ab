// The figures of a run: each with its target, value, baseline, ratio and goal,
// printed as measured and written to bench/results/<date>.json and .md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONNECTIONS, DURATION, log, resultsDir, round, ROUNDS, SCALE, WARMUP } from './settings.mjs';

export const figures = [];
/** Raw numbers behind the figures, written to the JSON: `details.<section>`. */
export const details = {};

const holds = (x, op, limit) =>
  typeof x === 'number' && Number.isFinite(x) && (op === '<=' ? x <= limit : op === '>=' ? x >= limit : x < limit);

/**
 * One figure. `bound` is the absolute limit a user feels, on `value` in `unit` (or on `bound.value`,
 * another statistic of the same measurement named by `bound.what`, e.g. the p95 beside a mean);
 * `ratio` ({ value, op, limit }), when there is a baseline, compares with it. Both must hold: a
 * ratio to a baseline that runs the same slow SQL proves nothing on its own, so every figure has a
 * bound.
 */
export function figure({ target, name, value, unit, baseline = null, ratio = null, bound, note = null }) {
  if (!bound) throw new Error(`${name}: sin cota absoluta`);
  const boundValue = bound.value === undefined ? value : bound.value;
  const ratioPass = ratio === null || holds(ratio.value, ratio.op, ratio.limit);
  const boundPass = holds(boundValue, bound.op, bound.limit);
  const pass = value !== null && value !== undefined && ratioPass && boundPass;
  const boundText = `${bound.what ? `${bound.what} ` : ''}${bound.op} ${bound.limit} ${bound.unit ?? unit}`;
  figures.push({
    target,
    name,
    value: round(value),
    baseline: baseline === null ? null : round(baseline),
    unit,
    ratio: ratio === null ? null : round(ratio.value, 3),
    goal: ratio === null ? null : `${ratio.op} ${ratio.limit}`,
    bound: boundText,
    boundValue: round(boundValue),
    ratioPass,
    boundPass,
    pass,
    note,
  });
  log(
    `${pass ? 'PASS' : 'FAIL'} ${name}: ${round(value)} ${unit}` +
      (ratio ? ` (base ${baseline === null ? '-' : round(baseline)}) ratio ${round(ratio.value, 3)} ${ratio.op} ${ratio.limit}` : '') +
      ` | ${bound.what ? `${bound.what} ${round(boundValue)} ` : ''}${boundText}`,
  );
}

/** A yes/no figure (an index the plan uses): `pass` is the check itself. */
export function check({ target, name, pass, goal, note = null }) {
  figures.push({ target, name, value: null, baseline: null, unit: '', ratio: null, goal: null, bound: goal, boundValue: null, ratioPass: true, boundPass: pass, pass, note });
  log(`${pass ? 'PASS' : 'FAIL'} ${name}: ${goal}${note ? ` (${note})` : ''}`);
}

/** Runs one group of figures; a failure is recorded as a failed figure and the run goes on. */
export async function section(target, name, fn) {
  try {
    await fn();
  } catch (e) {
    log(`ERROR en ${name}: ${e?.stack ?? e}`);
    figures.push({
      target,
      name: `${name}: not measured`,
      value: null,
      baseline: null,
      unit: '',
      ratio: null,
      goal: null,
      bound: '-',
      boundValue: null,
      ratioPass: false,
      boundPass: false,
      pass: false,
      note: String(e?.message ?? e)
        .split('\n')[0]
        .slice(0, 200),
    });
  }
}

function markdownTable(meta) {
  const m = meta.machine;
  const pg = Object.entries(meta.postgres ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const lines = [
    `# Benchmark ${meta.date}`,
    '',
    ...(meta.quiet.quiet
      ? []
      : [
          `**Not a result: the load average was ${meta.quiet.load[0]} at start, above ${meta.quiet.maxLoad}, after waiting ${meta.quiet.waitedSeconds} s. The figures below were taken on a busy machine.**`,
          '',
        ]),
    `Scale ${meta.scale} (${meta.counts.tareas_asignadas.toLocaleString('en')} assigned tasks, ${meta.counts.comentarios.toLocaleString('en')} comments, ${meta.counts.historial.toLocaleString('en')} history rows); database: ${meta.database}; autocannon ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per figure in ${ROUNDS} runs alternating with the baseline's. Total ${meta.totalSeconds} s.`,
    '',
    `Machine: ${m.cpus} × ${m.cpu}, ${m.memoryGiB} GiB, Linux ${m.kernel}, Node ${m.node}. Commit ${meta.commit.commit ?? '?'}${meta.commit.dirty ? ' with uncommitted changes' : ''}. Load average at start ${meta.loadStart.join(' / ')} (limit ${meta.quiet.maxLoad}), at end ${meta.loadEnd.join(' / ')}.`,
    '',
    `PostgreSQL: ${pg || '?'}.`,
    '',
    'Each figure passes when its absolute bound holds and, when it has a baseline, its ratio too.',
    '',
    '| # | Figure | Value | Bound | Baseline | Ratio | Target | Result |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const mark = (ok, text) => (ok ? text : `**${text}**`);
  for (const f of figures) {
    const boundCell = f.boundValue !== null && f.boundValue !== f.value ? `${f.boundValue} (${f.bound})` : f.bound;
    lines.push(
      `| ${f.target} | ${f.name}${f.note ? ` (${f.note})` : ''} | ${f.value ?? '-'} ${f.unit} | ${mark(f.boundPass, boundCell)} | ${f.baseline ?? '-'} | ${f.ratio === null ? '-' : mark(f.ratioPass, String(f.ratio))} | ${f.goal ?? '-'} | ${f.pass ? 'pass' : '**FAIL**'} |`,
    );
  }
  lines.push('', `${figures.filter((f) => f.pass).length} passed, ${figures.filter((f) => !f.pass).length} failed`);
  return lines.join('\n') + '\n';
}

/**
 * bench/results/<date>[-scale-<s>][-<figures>].json and .md, the table printed.
 * `only` names the figures of a partial run, so it never overwrites a full one.
 */
export function writeResults(meta, only) {
  const result = { meta, figures, details };
  const suffix = (SCALE === 1 ? '' : `-scale-${SCALE}`) + (only ? `-${only.join('-')}` : '');
  writeFileSync(join(resultsDir, `${meta.date}${suffix}.json`), JSON.stringify(result, null, 2));
  const md = markdownTable(meta);
  writeFileSync(join(resultsDir, `${meta.date}${suffix}.md`), md);
  process.stdout.write(`\n${md}`);
}
