// Target 6: the API's start to healthy, against the Fastify baseline's.
import { figure } from '../lib/results.mjs';

export function startupFigure({ apiSrv, baseline }) {
  figure({
    target: 6,
    name: 'API start to healthy on a migrated database',
    value: apiSrv.ms,
    unit: 'ms',
    baseline: baseline.ms,
    ratio: { value: apiSrv.ms / baseline.ms, op: '<=', limit: 10 },
    bound: { op: '<=', limit: 2000 },
    note: 'baseline: the Fastify server',
  });
}
