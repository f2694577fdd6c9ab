// Preloaded into an API process (`node --require`): measures its event loop's delay. On SIGWINCH
// it writes the delays since the previous signal (ms: p50, p99, max, samples) to
// BENCH_LOOP_DELAY_FILE and starts again. (SIGWINCH because Nest's shutdown hooks end the process
// on SIGUSR2, and a process without this file ignores SIGWINCH.)
const { writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  process.on('SIGWINCH', () => {
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      file,
      JSON.stringify({ at: Date.now(), p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), samples: h.count }),
    );
    h.reset();
  });
}
