import type { RouteAccess } from '@gestar/contracts';

/** Either assigned-tasks read permission: filters, assignee names, archive (SPEC section 6). */
export const WATCH_ASSIGNED_TASKS: RouteAccess = { anyOf: ['read:all:assigned-tasks', 'read:all:assigned-tasks:by-area'] };
