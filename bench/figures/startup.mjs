// Target 6: the API's start to healthy, against the Fastify baseline's.
import { figure } from '../lib/results.mjs';

export function startupFigure({ apiSrv, baseline }) {
  figure(
    6,
    'API start to healthy',
    apiSrv.ms,
    baseline.ms,
    apiSrv.ms / 1000,
    '<=',
    3,
    'ms',
    'ratio in seconds; baseline: the Fastify server',
  );
}
