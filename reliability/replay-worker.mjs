// The built API, started like main.js (with SCHEDULER_ENABLED=true), for the replay scenario: each
// time the number in the file REPLAY_TRIGGER grows it sends one run of the scheduler's job
// (`scheduled-tasks`) to the job runtime, as the minute's cron would, and prints
// ENQUEUED <job id | null (one already queued or running)>. (A signal would not do: the
// application's shutdown hooks take SIGUSR2.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const dist = process.env.GESTAR_API_DIST ?? join(import.meta.dirname, '..', 'apps', 'api', 'dist');
// Resolve the API's dependencies from its own folder, as main.js does.
const require = createRequire(join(dist, 'main.js'));
require('reflect-metadata');
const { createApp, prepareDatabase } = require(join(dist, 'app.factory.js'));
const { loadConfig } = require(join(dist, 'config.js'));
const { JobsService } = require(join(dist, 'common', 'jobs', 'jobs.service.js'));

const config = loadConfig();
const app = await createApp(config, { logger: ['error', 'warn'] });
await prepareDatabase(app, config);
await app.listen(config.port, '127.0.0.1');
const jobs = app.get(JobsService);
const trigger = process.env.REPLAY_TRIGGER;
let seen = 0;
const read = () => {
  try {
    return Number(readFileSync(trigger, 'utf8')) || 0;
  } catch {
    return 0;
  }
};
seen = read();
setInterval(() => {
  const n = read();
  if (n <= seen) return;
  seen = n;
  jobs.enqueue('scheduled-tasks').then(
    (id) => process.stdout.write(`ENQUEUED ${id}\n`),
    (err) => process.stdout.write(`ENQUEUE_FAILED ${err?.message ?? err}\n`),
  );
}, 50).unref();
process.stdout.write('WORKER_READY\n');
