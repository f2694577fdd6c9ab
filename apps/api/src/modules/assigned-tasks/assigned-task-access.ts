import { MESSAGES } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { inScope, watchScope } from '../../common/access/access';
import { forbidden } from '../../common/http/app-exception';
import type { AssignedTaskAccessRow } from './assigned-tasks.repository';

/** What the caller may do with one assigned task (DECISIONS section 2). */
export interface AssignedTaskAccess {
  /** Holds an assigned-tasks read permission covering the task's area. */
  watches: boolean;
  isAssignee: boolean;
  canSee: boolean;
}

export function accessTo(
  caller: AuthUser,
  row: Pick<AssignedTaskAccessRow, 'empleado_uuid' | 'area_uuid'>,
): AssignedTaskAccess {
  const watches = inScope(watchScope(caller), row.area_uuid);
  const isAssignee = row.empleado_uuid === caller.uuid;
  return { watches, isAssignee, canSee: watches || isAssignee };
}

/** A row the caller may see, with what it may do with it; 403 otherwise. */
export function seen(caller: AuthUser, row: AssignedTaskAccessRow): { row: AssignedTaskAccessRow; access: AssignedTaskAccess } {
  const access = accessTo(caller, row);
  if (!access.canSee) throw forbidden(MESSAGES.errors.noAccessTask);
  return { row, access };
}
