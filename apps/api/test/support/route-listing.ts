import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { RouteAccess, RouteDescriptor } from '@gestar/contracts';
import { FEATURE_MODULES } from '../../src/app.module';
import { IS_PUBLIC, RouteContract } from '../../src/common/auth/decorators';

export interface ServedRoute {
  method: string;
  path: string;
  handler: string;
  route: RouteDescriptor | undefined;
  isPublic: boolean;
}

type Ctor = new (...args: never[]) => object;

function join(...parts: string[]): string {
  const p = parts
    .map((s) => s.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${p}`;
}

/** Every handler of every feature controller, read from the decorators' metadata. */
export function servedRoutes(): ServedRoute[] {
  const out: ServedRoute[] = [];
  for (const mod of FEATURE_MODULES) {
    const controllers: Ctor[] = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, mod) ?? [];
    for (const ctrl of controllers) {
      const base: string = Reflect.getMetadata(PATH_METADATA, ctrl) ?? '';
      const proto = ctrl.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name === 'constructor') continue;
        const fn = proto[name];
        if (typeof fn !== 'function') continue;
        const path: string | undefined = Reflect.getMetadata(PATH_METADATA, fn);
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
        out.push({
          method,
          path: join('api', base, path),
          handler: `${ctrl.name}.${name}`,
          route: Reflect.getMetadata(RouteContract.KEY, fn) as RouteDescriptor | undefined,
          isPublic: Reflect.getMetadata(IS_PUBLIC, fn) === true,
        });
      }
    }
  }
  return out.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

export function describeAccess(a: RouteAccess): string {
  if (typeof a === 'string') return a;
  if ('anyOf' in a) return `anyOf(${a.anyOf.join(', ')})`;
  return `allOf(${a.allOf.join(', ')})`;
}
