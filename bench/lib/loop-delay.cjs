// Preloaded into an API process (`node --require`): measures its event loop's delay. On SIGWINCH
// it writes the delays since the previous signal to BENCH_LOOP_DELAY_FILE and starts again.
// (SIGWINCH because Nest's shutdown hooks end the process on SIGUSR2, and a process without this
// file ignores SIGWINCH.) Figures in ms: p50, p99, max, mean; and the samples counted.
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  process.on('SIGWINCH', () => {
    const ms = (ns) => ns / 1e6;
    const figures = { at: Date.now(), p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean), samples: h.count };
    // Written whole, then renamed: the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
    h.reset();
  });
}
