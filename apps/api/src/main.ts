import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp, prepareDatabase } from './app.factory';
import { loadConfig } from './config';
import { integrationLines } from './integrations';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await prepareDatabase(app, config);
  await app.listen(config.port, process.env.HOST ?? '0.0.0.0');
  const logger = new Logger('Gestar');
  logger.log(`API escuchando en http://localhost:${config.port}/api`);
  for (const line of integrationLines(config)) logger.log(line);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
