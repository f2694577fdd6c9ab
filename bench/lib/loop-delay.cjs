// Preloaded into an API process (`node --require`): the event loop's delay, measured inside it.
// SIGWINCH (ignored by default, and not one of the signals Nest's shutdown hooks end the process on) writes the figures since the previous signal to BENCH_LOOP_DELAY_FILE and starts again.
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { renameSync, writeFileSync } = require('node:fs');

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGWINCH', () => {
  const file = process.env.BENCH_LOOP_DELAY_FILE;
  const figures = {
    maxMs: histogram.max / 1e6,
    p99Ms: histogram.percentile(99) / 1e6,
    meanMs: histogram.mean / 1e6,
    samples: histogram.count,
  };
  // Written whole, then renamed: the reader never sees half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(figures));
  renameSync(`${file}.tmp`, file);
  histogram.reset();
});
