// The upload baseline: the API's own image code (sniff, re-encode without metadata, 2,048 px,
// thumbnail) on the same JPEG, BENCH_IMAGE_RUNS times, with no HTTP, database or disk between.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { processImage, sniffType } = require(join(process.env.BENCH_API_DIR, 'dist', 'modules/attachments/images.js'));

(async () => {
  const bytes = readFileSync(process.env.BENCH_IMAGE);
  const runs = Number(process.env.BENCH_IMAGE_RUNS);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await processImage(bytes, sniffType(bytes));
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify({ runs, times }));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
