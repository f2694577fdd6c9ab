// The upload baseline: the API's own image code (sniff, re-encode without metadata, 2,048 px,
// thumbnail, as its image worker runs it) on the same JPEG, BENCH_IMAGE_RUNS times, with no
// HTTP, database, disk or thread hand-off between.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { sniffType } = require(join(process.env.BENCH_API_DIR, 'dist', 'modules/attachments/images.js'));
const processImage = require(join(process.env.BENCH_API_DIR, 'dist', 'modules/attachments/image-worker.js')).default;
const { ATTACHMENT_IMAGE_MAX_SIDE, ATTACHMENT_MAX_PIXELS, ATTACHMENT_THUMBNAIL_SIDE } = require(
  require.resolve('@gestar/contracts', { paths: [process.env.BENCH_API_DIR] }),
);

(async () => {
  const bytes = readFileSync(process.env.BENCH_IMAGE);
  const runs = Number(process.env.BENCH_IMAGE_RUNS);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await processImage({
      bytes,
      type: sniffType(bytes),
      maxPixels: ATTACHMENT_MAX_PIXELS,
      maxSide: ATTACHMENT_IMAGE_MAX_SIDE,
      thumbnailSide: ATTACHMENT_THUMBNAIL_SIDE,
      heicDecoder: '',
    });
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify({ runs, times }));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
