import { ALL_PERMISSIONS as ADMIN_PERMISSIONS, OPERARIO_PERMISSIONS, SUPERVISOR_PERMISSIONS } from '../permissions';
import { userManageRefusal } from './user-access';

const CARP = 'carpinteria';
const TAP = 'tapiceria';
const LOG = 'logistica';

const supervisor = { permisos: SUPERVISOR_PERMISSIONS, areaUuids: [CARP, TAP] };
const admin = { permisos: ADMIN_PERMISSIONS, areaUuids: [CARP] };

describe('userManageRefusal', () => {
  it.each([
    [
      'a supervisor, an operario of its areas',
      supervisor,
      { rolPermisos: OPERARIO_PERMISSIONS, areaUuids: [CARP] },
      null,
    ],
    [
      'a supervisor, an operario of two of its areas',
      supervisor,
      { rolPermisos: OPERARIO_PERMISSIONS, areaUuids: [CARP, TAP] },
      null,
    ],
    [
      'a supervisor, another supervisor of its areas',
      supervisor,
      { rolPermisos: SUPERVISOR_PERMISSIONS, areaUuids: [TAP] },
      null,
    ],
    ['a supervisor, a user of no area', supervisor, { rolPermisos: OPERARIO_PERMISSIONS, areaUuids: [] }, null],
    [
      'a supervisor, an operario also in another area',
      supervisor,
      { rolPermisos: OPERARIO_PERMISSIONS, areaUuids: [CARP, LOG] },
      'fuera_de_alcance',
    ],
    [
      'a supervisor, an operario of another area',
      supervisor,
      { rolPermisos: OPERARIO_PERMISSIONS, areaUuids: [LOG] },
      'fuera_de_alcance',
    ],
    [
      'a supervisor, an administrator of its area',
      supervisor,
      { rolPermisos: ADMIN_PERMISSIONS, areaUuids: [CARP] },
      'rol_superior',
    ],
    // Both reasons: the role is the one given.
    [
      'a supervisor, an administrator of another area',
      supervisor,
      { rolPermisos: ADMIN_PERMISSIONS, areaUuids: [LOG] },
      'rol_superior',
    ],
    ['an administrator, anyone anywhere', admin, { rolPermisos: ADMIN_PERMISSIONS, areaUuids: [LOG, TAP] }, null],
    [
      'read:all:areas lifts the area limit',
      { permisos: [...SUPERVISOR_PERMISSIONS, 'read:all:areas'], areaUuids: [CARP] },
      { rolPermisos: OPERARIO_PERMISSIONS, areaUuids: [LOG] },
      null,
    ],
  ] as const)('%s', (_name, manager, target, expected) => {
    expect(userManageRefusal(manager, target)).toBe(expected);
  });
});
