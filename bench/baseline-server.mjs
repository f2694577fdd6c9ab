// The baseline of the HTTP targets: a minimal Fastify + pg server that answers
// GET /s/<scenario> by running the statements recorded from the API for that
// scenario, in the same order, and replying with their rows as JSON.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const scenarios = process.env.BENCH_SCENARIOS ? JSON.parse(readFileSync(process.env.BENCH_SCENARIOS, 'utf8')) : {};
// Same pool size as the API's TypeORM pool (node-pg default: 10).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/health', async () => {
  await pool.query('SELECT 1');
  return { status: 'ok' };
});

app.get('/s/:name', async (req, reply) => {
  const statements = scenarios[req.params.name];
  if (!statements) return reply.code(404).send({ error: 'unknown scenario' });
  const results = [];
  for (const s of statements) results.push((await pool.query(s.text, s.values)).rows);
  return { results };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
