import { ADMINISTRATOR_PERMISSIONS, MESSAGES } from '@gestar/contracts';
import { conflict } from '../../common/http/app-exception';
import type { UsersRepository } from './users.repository';

/**
 * Called inside a transaction, after a change that may take away an administrator (role, areas
 * from the group map, edit, deactivation): refuses the whole change with 409 when no active
 * administrator would remain. The count runs under one installation-wide lock, so two changes
 * in parallel (two administrators deactivating each other) cannot both pass.
 */
export async function assertAdministratorRemains(repo: UsersRepository): Promise<void> {
  if ((await repo.activeAdministratorsLocked(ADMINISTRATOR_PERMISSIONS)) === 0) {
    throw conflict(MESSAGES.errors.lastAdministrator);
  }
}
