import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp, prepareDatabase } from './app.factory';
import { loadConfig } from './config';
import { integrationLines } from './integrations';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    // A setting that is missing or wrong: its message says which and how, a stack would only hide it.
    console.error(`Gestar no arranca: ${(err as Error).message}`);
    process.exit(1);
  }
  const app = await createApp(config);
  await prepareDatabase(app, config);
  await app.listen(config.port, process.env.HOST ?? '0.0.0.0');
  // An idle keep-alive connection is kept longer than clients and proxies keep theirs (60 s is
  // common): with Node's 5 s, a client that reused a socket the server was closing at that moment
  // got a reset instead of an answer.
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // On SIGTERM/SIGINT the requests in flight still get their answer (Nest closes the server and
  // waits), but no connection is kept open afterwards: the idle ones close now and each busy one
  // right after its answer, so the process does not wait out the keep-alive time to exit.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.keepAliveTimeout = 1;
      server.closeIdleConnections();
    });
  }
  const logger = new Logger('Gestar');
  logger.log(`API escuchando en http://localhost:${config.port}/api`);
  for (const line of integrationLines(config)) logger.log(line);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
