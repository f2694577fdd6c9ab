// The built API, started like main.js (with SCHEDULER_ENABLED=true), that also
// runs one scheduler tick for the company date TICK_DATE as soon as it is up.
// The scheduler runs every minute on its own; calling its `runTick` directly
// lets the reliability run kill the process mid-tick 20 times in a few minutes
// instead of 20 minutes. Prints TICK_START and TICK_DONE <occurrences>.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const dist = process.env.GESTAR_API_DIST ?? join(import.meta.dirname, '..', 'apps', 'api', 'dist');
// Resolve the API's dependencies from its own folder, as main.js does.
const require = createRequire(join(dist, 'main.js'));
require('reflect-metadata');
const { createApp } = require(join(dist, 'app.factory.js'));
const { loadConfig } = require(join(dist, 'config.js'));
const { SchedulerService } = require(join(dist, 'modules', 'scheduled-tasks', 'scheduler.service.js'));

const config = loadConfig();
const app = await createApp(config, { logger: ['error', 'warn'] });
await app.listen(config.port, '127.0.0.1');
const scheduler = app.get(SchedulerService);
const date = process.env.TICK_DATE;
// Midday in the company zone, so the tick's "today" is TICK_DATE whatever the zone.
const now = new Date(`${date}T15:00:00.000Z`);
process.stdout.write('TICK_START\n');
const result = await scheduler.runTick(now);
process.stdout.write(`TICK_DONE ${result.occurrences.length} ${result.today}\n`);
if (process.env.TICK_EXIT === 'true') {
  await app.close();
  process.exit(0);
}
