// The built API, started like main.js with the job runtime on (SCHEDULER_ENABLED=true), that
// sends one run of the nightly job `attachments-orphans` as soon as it is up: the runtime works
// it like the 04:00 run. Prints SWEEP_SENT; the caller watches `trabajos` for the run.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const dist = process.env.GESTAR_API_DIST ?? join(import.meta.dirname, '..', 'apps', 'api', 'dist');
// Resolve the API's dependencies from its own folder, as main.js does.
const require = createRequire(join(dist, 'main.js'));
require('reflect-metadata');
const { createApp } = require(join(dist, 'app.factory.js'));
const { loadConfig } = require(join(dist, 'config.js'));
const { JobsService } = require(join(dist, 'common', 'jobs', 'jobs.service.js'));

const config = loadConfig();
const app = await createApp(config, { logger: ['log', 'error', 'warn'] });
await app.listen(config.port, '127.0.0.1');
await app.get(JobsService).enqueue('attachments-orphans');
process.stdout.write('SWEEP_SENT\n');
