// Runs one SchedulerService.runTick(now) of the built API (its own Nest app,
// no HTTP) and prints {ms, result} as JSON on the last line.
const { join } = require('node:path');
const dist = join(process.env.BENCH_API_DIR, 'dist');
require(join(process.env.BENCH_API_DIR, 'node_modules', 'reflect-metadata'));
const { createApp } = require(join(dist, 'app.factory.js'));
const { loadConfig } = require(join(dist, 'config.js'));
const { SchedulerService } = require(join(dist, 'modules/scheduled-tasks/scheduler.service.js'));

(async () => {
  const app = await createApp(loadConfig(), { logger: ['error'] });
  await app.init();
  const scheduler = app.get(SchedulerService);
  const started = performance.now();
  const result = await scheduler.runTick(new Date());
  const ms = performance.now() - started;
  await app.close();
  console.log(JSON.stringify({ ms, result: { generated: result?.occurrences?.length ?? result?.generated ?? null } }));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
