// The figures of a run: each with its target, value, baseline, ratio and goal,
// printed as measured and written to bench/results/<date>.json and .md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONNECTIONS, DURATION, log, resultsDir, round, ROUNDS, SCALE, WARMUP } from './settings.mjs';

export const figures = [];
/** Raw numbers behind the figures, written to the JSON: `details.<section>`. */
export const details = {};

/** `ratio` compared with `limit` by `op` ('<=', '>=' or '<'). */
export function figure(target, name, value, baseline, ratio, op, limit, unit, note) {
  const pass = ratio === null ? false : op === '<=' ? ratio <= limit : op === '>=' ? ratio >= limit : ratio < limit;
  figures.push({
    target,
    name,
    value: round(value),
    baseline: baseline === null ? null : round(baseline),
    unit,
    ratio: round(ratio, 3),
    goal: `${op} ${limit}`,
    pass,
    note: note ?? null,
  });
  log(
    `${pass ? 'PASS' : 'FAIL'} ${name}: ${round(value)} ${unit} (base ${baseline === null ? '-' : round(baseline)}) ratio ${round(ratio, 3)} ${op} ${limit}`,
  );
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
      goal: '-',
      pass: false,
      note: String(e?.message ?? e)
        .split('\n')[0]
        .slice(0, 200),
    });
  }
}

function markdownTable(meta) {
  const lines = [
    `# Benchmark ${meta.date}`,
    '',
    `Scale ${meta.scale} (${meta.counts.tareas_asignadas.toLocaleString('en')} assigned tasks, ${meta.counts.comentarios.toLocaleString('en')} comments, ${meta.counts.historial.toLocaleString('en')} history rows), ${meta.cpus} CPUs, load average at start ${meta.loadStart.join(' / ')}, at end ${meta.loadEnd.join(' / ')}; database: ${meta.database}; autocannon ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per figure in ${ROUNDS} runs alternating with the baseline's. Total ${meta.totalSeconds} s.`,
    '',
    '| # | Figure | Value | Baseline | Ratio | Target | Result |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.target} | ${f.name}${f.note ? ` (${f.note})` : ''} | ${f.value ?? '-'} ${f.unit} | ${f.baseline ?? '-'} | ${f.ratio ?? '-'} | ${f.goal} | ${f.pass ? 'pass' : '**FAIL**'} |`,
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
