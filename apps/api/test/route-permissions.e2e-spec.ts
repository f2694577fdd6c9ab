import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_ROUTES } from '@gestar/contracts';
import { describeAccess, servedRoutes } from './support/route-listing';

/**
 * Every route the API serves, with who may call it. A change to this list is a
 * permission change and must be reviewed as one: update the listing file on purpose
 * (UPDATE_ROUTE_LISTING=1) and look at the diff.
 */
const LISTING = join(__dirname, 'route-permissions.txt');

describe('route permissions', () => {
  const served = servedRoutes();

  it('every handler is bound to a contract route (deny by default)', () => {
    const unbound = served.filter((r) => !r.route).map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(unbound).toEqual([]);
  });

  it('each served route is the contract route it claims: same method, path and access', () => {
    for (const r of served) {
      const contract = API_ROUTES.find((c) => c.method === r.method && c.path === r.path);
      expect({ route: `${r.method} ${r.path}`, found: Boolean(contract) }).toEqual({ route: `${r.method} ${r.path}`, found: true });
      expect(r.route).toBe(contract);
      expect(r.isPublic).toBe(contract!.access === 'public');
    }
  });

  it('every call of the contracts is served', () => {
    const missing = API_ROUTES.filter((c) => !served.some((r) => r.method === c.method && r.path === c.path)).map(
      (c) => `${c.method} ${c.path}`,
    );
    expect(missing).toEqual([]);
  });

  it('the listing of routes and permissions is unchanged', () => {
    const listing = served.map((r) => `${r.method.padEnd(6)} ${r.path} -> ${describeAccess(r.route!.access)}`).join('\n') + '\n';
    if (process.env.UPDATE_ROUTE_LISTING === '1') writeFileSync(LISTING, listing);
    expect(listing).toBe(readFileSync(LISTING, 'utf8'));
  });
});
