import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { SeedRoles1763700000100 } from './1763700000100-seed-roles';
import { ReportsOrderIndex1763700006000 } from './1763700006000-reports-order-index';
import { StatusCategories1763700007000 } from './1763700007000-status-categories';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  SeedRoles1763700000100,
  ReportsOrderIndex1763700006000,
  StatusCategories1763700007000,
];
