// HTTP of the bench: API calls, autocannon runs pooled into one figure, and
// the alternating comparison of the API with its baseline.
import { get as httpGet } from 'node:http';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION, PASSWORD, ROUNDS, sleep, WARMUP } from './settings.mjs';

export async function api(base, token, path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  return res;
}

export async function login(base, username) {
  const res = await api(base, null, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** One autocannon run; every response time is kept so runs can be pooled exactly. */
async function cannon(url, headers, duration) {
  const times = [];
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const r = await instance;
  return {
    seconds: duration,
    times,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs pooled into one figure: req/s over their whole time, mean, p95 and p99 over every response. */
function pool(runs) {
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)];
  return {
    rps: runs.reduce((a, r) => a + r.requests, 0) / seconds,
    meanMs: times.reduce((a, t) => a + t, 0) / times.length,
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    requests: times.length,
    runs: runs.length,
  };
}

/**
 * autocannon stops at its deadline with requests still queued in the server:
 * wait until the server answers a cheap request quickly before the next run.
 */
async function drain(url) {
  const origin = new URL(url).origin;
  const health = origin.includes(':') && url.includes('/s/') ? `${origin}/health` : `${origin}/api/health`;
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await fetch(health)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - t0 < 50) return;
    await sleep(200);
  }
}

/**
 * The API and its baseline, after a warm-up of each, measured in ROUNDS alternating runs
 * (API, baseline, API, ...) of DURATION / ROUNDS seconds: load that comes and goes on the
 * machine falls on both sides alike instead of on whichever ran at the time.
 */
export async function compare(apiUrl, apiHeaders, baseUrl) {
  const sides = [
    { url: apiUrl, headers: apiHeaders, runs: [] },
    { url: baseUrl, headers: {}, runs: [] },
  ];
  for (const side of sides) {
    await drain(side.url);
    await cannon(side.url, side.headers, WARMUP);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of sides) {
      await drain(side.url);
      side.runs.push(await cannon(side.url, side.headers, DURATION / ROUNDS));
    }
  }
  for (const side of sides) {
    const non2xx = side.runs.reduce((a, r) => a + r.non2xx, 0);
    const errors = side.runs.reduce((a, r) => a + r.errors, 0);
    if (non2xx || errors) throw new Error(`${side.url}: ${non2xx} respuestas no 2xx, ${errors} errores`);
  }
  return { api: pool(sides[0].runs), baseline: pool(sides[1].runs) };
}

/**
 * What one person waits: `n` requests one after another (no other load from the bench), at most
 * `maxSeconds` in all; { meanMs, p95Ms, p99Ms, requests }. The bounds a user feels are read here:
 * at 10 connections on two cores the latency is mostly queueing, which the raw-pg baseline pays too.
 * Like each load run (its WARMUP seconds), the probe first sends `warmup` requests it does not count:
 * right after the load of the same route, the first few answers carried the garbage collection of
 * that load and the bench's own first use of the route (60 to 90 ms for the very first), not what
 * one person waits.
 */
export async function probe(url, headers, n = 40, maxSeconds = 15, warmup = 5) {
  await drain(url);
  for (let i = 0; i < warmup; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times = [];
  const t0 = performance.now();
  while (times.length < n && performance.now() - t0 < maxSeconds * 1000) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)];
  return { meanMs: times.reduce((a, t) => a + t, 0) / times.length, p95Ms: at(0.95), p99Ms: at(0.99), requests: times.length };
}

/** GET with no header timeout (fetch gives up after 300 s), bounded by `limitMs`. */
export function slowGet(url, token, limitMs) {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (d) => (bytes += d.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.setTimeout(limitMs, () => req.destroy(new Error(`sin respuesta completa en ${Math.round(limitMs / 1000)} s`)));
    req.on('error', reject);
  });
}
