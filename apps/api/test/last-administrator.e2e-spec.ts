import { MESSAGES, ROLE_NAMES, UserResponseSchema } from '@gestar/contracts';
import { areaUuid, createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * No change may leave the installation without an active administrator (a user whose role
 * manages every user): edits, role changes and deactivations answer 409, also in parallel.
 * The group map's path is in sso-oidc.e2e-spec.ts and sso-ldap.e2e-spec.ts.
 */
describe('the last active administrator', () => {
  let t: TestApp;
  let roles: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const rows: { uuid: string; nombre: string }[] = await t.ds.query(`SELECT uuid, nombre FROM roles`);
    roles = Object.fromEntries(rows.map((r) => [r.nombre, r.uuid]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const activeAdmins = async (): Promise<string[]> =>
    (
      await t.ds.query(
        `SELECT u.username FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid
          WHERE u.activo AND r.permisos @> ARRAY['read:user:all','create:user','update:user','delete:user'] ORDER BY 1`,
      )
    ).map((r: { username: string }) => r.username);

  /** The whole record of a user as an edit sends it, with `changes` applied. */
  const editBody = async (token: string, uuid: string, changes: Record<string, unknown>) => {
    const u = parseWith(UserResponseSchema, (await t.http.get(`/api/users/${uuid}`).set('Authorization', `Bearer ${token}`)).body);
    return {
      nombre: u.nombre,
      apellido: u.apellido,
      rol_uuid: u.rol_uuid,
      usuario_areas_uuid: u.usuario_areas_uuid,
      descripcion_puesto_uuid: u.descripcion_puesto_uuid,
      ...changes,
    };
  };

  /** A second administrator, active, with the demo password. */
  const secondAdmin = async (admin: string, username: string): Promise<string> => {
    const res = await t.http
      .post('/api/users')
      .set('Authorization', `Bearer ${admin}`)
      .send({ username, password: DEMO_PASSWORD, nombre: 'Otra', apellido: 'Admin', rol_uuid: roles[ROLE_NAMES.admin], usuario_areas_uuid: [await areaUuid(t, 'Carpintería')] });
    expect(res.status).toBe(201);
    return parseWith(UserResponseSchema, res.body).uuid;
  };

  it('the only administrator cannot take away its own role: 409, nothing changed', async () => {
    const admin = await tokenFor(t, 'admin');
    const uuid = await userUuid(t, 'admin');
    const res = await t.http
      .put(`/api/users/${uuid}`)
      .set('Authorization', `Bearer ${admin}`)
      .send(await editBody(admin, uuid, { rol_uuid: roles[ROLE_NAMES.supervisor] }));
    expectError(res, 409, MESSAGES.errors.lastAdministrator);
    expect(await activeAdmins()).toEqual(['admin']);
    // Allowed: another user's role changes as before.
    const op = await userUuid(t, 'operario');
    const ok = await t.http.put(`/api/users/${op}`).set('Authorization', `Bearer ${admin}`).send(await editBody(admin, op, { nombre: 'Oscar' }));
    expect(ok.status).toBe(200);
    parseWith(UserResponseSchema, ok.body);
  });

  it('with two administrators one may demote the other', async () => {
    const admin = await tokenFor(t, 'admin');
    const other = await secondAdmin(admin, 'admin-dos');
    const res = await t.http
      .put(`/api/users/${other}`)
      .set('Authorization', `Bearer ${admin}`)
      .send(await editBody(admin, other, { rol_uuid: roles[ROLE_NAMES.supervisor] }));
    expect(res.status).toBe(200);
    expect(parseWith(UserResponseSchema, res.body).rol.nombre).toBe(ROLE_NAMES.supervisor);
    expect(await activeAdmins()).toEqual(['admin']);
  });

  it('deactivations and edits between two administrators pass while one remains', async () => {
    const admin = await tokenFor(t, 'admin');
    const other = await secondAdmin(admin, 'admin-tres');
    const otherToken = await tokenFor(t, 'admin-tres');
    // admin-tres deactivates admin: allowed (admin-tres remains) ...
    const adminUuid = await userUuid(t, 'admin');
    const res = await t.http.delete(`/api/users/${adminUuid}`).set('Authorization', `Bearer ${otherToken}`);
    expect(res.status).toBe(200);
    expect(parseWith(UserResponseSchema, res.body).activo).toBe(false);
    // ... and reactivates it with an edit.
    const back = await t.http
      .put(`/api/users/${adminUuid}`)
      .set('Authorization', `Bearer ${otherToken}`)
      .send(await editBody(otherToken, adminUuid, { activo: true }));
    expect(back.status).toBe(200);
    // Demoting admin-tres through an edit leaves admin: allowed; then admin-tres is no administrator.
    const fresh = await tokenFor(t, 'admin');
    const demoted = await t.http
      .put(`/api/users/${other}`)
      .set('Authorization', `Bearer ${fresh}`)
      .send(await editBody(fresh, other, { activo: false }));
    expect(demoted.status).toBe(200);
    expect(await activeAdmins()).toEqual(['admin']);
  });

  it('two administrators deactivating each other at once: one wins, one gets 409, one administrator remains', async () => {
    for (let round = 0; round < 5; round++) {
      const admin = await tokenFor(t, 'admin');
      const name = `admin-par-${round}`;
      const other = await secondAdmin(admin, name);
      const otherToken = await tokenFor(t, name);
      const adminUuid = await userUuid(t, 'admin');
      const [a, b] = await Promise.all([
        t.http.delete(`/api/users/${other}`).set('Authorization', `Bearer ${admin}`),
        t.http.delete(`/api/users/${adminUuid}`).set('Authorization', `Bearer ${otherToken}`),
      ]);
      const statuses = [a.status, b.status].sort();
      // The loser is refused by the guard (409) or, when the winner's deactivation ended its
      // session first, by the sign-in check (401): never two successes.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const r of [a, b]) if (r.status === 409) expectError(r, 409, MESSAGES.errors.lastAdministrator);
      const left = await activeAdmins();
      expect(left).toHaveLength(1);
      // Back to the starting point: admin active and the only administrator.
      if (left[0] !== 'admin') await t.ds.query(`UPDATE usuarios SET activo = true WHERE username = 'admin'`);
      await t.ds.query(`UPDATE usuarios SET activo = false WHERE username = $1`, [name]);
    }
  });
});
