// Preloaded (NODE_OPTIONS=--require) into a recording instance of the API only:
// appends every statement node-pg sends, with its parameters, to BENCH_SQL_LOG,
// so the baselines replay exactly the SQL the API runs.
const { appendFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');

const file = process.env.BENCH_SQL_LOG;
const apiRequire = createRequire(join(process.env.BENCH_API_DIR, 'package.json'));
const { Client } = apiRequire('pg');
const original = Client.prototype.query;
Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config && config.text;
  const params = Array.isArray(values) ? values : config && config.values;
  if (file && text) appendFileSync(file, JSON.stringify({ text, values: params ?? [] }) + '\n');
  return original.call(this, config, values, callback);
};
