import type { z } from 'zod';
import type { Permission } from '../permissions';
import { OkResponseSchema, UuidParamSchema } from './common.schemas';
import { defineRoute, type RouteAccess } from './route';

/**
 * The five routes of a catalog an administrator keeps (areas, positions, task types, statuses):
 * a paged list and one record under `read`, then create, edit and delete, each under its own
 * permission, answering 409 with the catalog's own messages. A catalog that lacks one of them
 * (statuses have no single-record read) simply leaves it out of its route table.
 */
export function catalogRoutes<
  const Path extends string,
  ListQuery extends z.ZodType,
  ListResponse extends z.ZodType,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(c: {
  path: Path;
  read: RouteAccess;
  create: Permission;
  update: Permission;
  delete: Permission;
  schemas: { listQuery: ListQuery; list: ListResponse; item: Item; create: Create; update: Update };
  /** The 409 messages of each write. */
  conflicts: { create: readonly string[]; update: readonly string[]; remove: readonly string[] };
  summaries: { list: string; get: string; create: string; update: string; remove: string };
}) {
  const one = `${c.path}/:id` as const;
  return {
    list: defineRoute({
      method: 'GET',
      path: c.path,
      access: c.read,
      query: c.schemas.listQuery,
      response: c.schemas.list,
      status: 200,
      summary: c.summaries.list,
    }),
    get: defineRoute({
      method: 'GET',
      path: one,
      access: c.read,
      params: UuidParamSchema,
      response: c.schemas.item,
      status: 200,
      summary: c.summaries.get,
    }),
    create: defineRoute({
      method: 'POST',
      path: c.path,
      access: { anyOf: [c.create] },
      body: c.schemas.create,
      response: c.schemas.item,
      status: 201,
      conflicts: c.conflicts.create,
      summary: c.summaries.create,
    }),
    update: defineRoute({
      method: 'PUT',
      path: one,
      access: { anyOf: [c.update] },
      params: UuidParamSchema,
      body: c.schemas.update,
      response: c.schemas.item,
      status: 200,
      conflicts: c.conflicts.update,
      summary: c.summaries.update,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: one,
      access: { anyOf: [c.delete] },
      params: UuidParamSchema,
      response: OkResponseSchema,
      status: 200,
      conflicts: c.conflicts.remove,
      summary: c.summaries.remove,
    }),
  };
}
