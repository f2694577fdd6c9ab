import { MESSAGES, OkResponseSchema, UserResponseSchema } from '@gestar/contracts';
import { createTestApp, expectError, login, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('the shell calls: own profile and password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/users/:id answers the caller itself, without any password field', async () => {
    const s = await login(t, 'operario');
    const res = await t.http.get(`/api/users/${s.user.uuid}`).set('Authorization', `Bearer ${s.token}`);
    expect(res.status).toBe(200);
    const user = parseWith(UserResponseSchema, res.body);
    expect(user).toMatchObject({ username: 'operario', nombre: 'Oscar', rol: { nombre: 'Operario' }, activo: true });
    expect(user.usuario_areas.map((a) => a.area.nombre)).toEqual(['Carpintería']);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
  });

  it('an operario may not read another user (403); a bad id is a 400', async () => {
    const token = await tokenFor(t, 'operario');
    expectError(await t.http.get(`/api/users/${await userUuid(t, 'admin')}`).set('Authorization', `Bearer ${token}`), 403);
    expectError(await t.http.get('/api/users/no-es-uuid').set('Authorization', `Bearer ${token}`), 400, MESSAGES.validation.invalidUuid);
  });

  it('change-password: self only, current password checked, new one works', async () => {
    const s = await login(t, 'mlopez');
    const url = `/api/users/${s.user.uuid}/change-password`;
    const auth = { Authorization: `Bearer ${s.token}` };
    const wrong = expectError(await t.http.post(url).set(auth).send({ currentPassword: 'mala', newPassword: 'nueva12345' }), 400, MESSAGES.errors.currentPasswordWrong);
    expect(wrong.errors).toContainEqual({ path: 'currentPassword', message: MESSAGES.errors.currentPasswordWrong });
    const short = expectError(await t.http.post(url).set(auth).send({ currentPassword: 'demo1234', newPassword: 'corta' }), 400);
    expect(short.errors).toContainEqual({ path: 'newPassword', message: MESSAGES.validation.passwordMinLength });
    const other = await userUuid(t, 'operario');
    expectError(await t.http.post(`/api/users/${other}/change-password`).set(auth).send({ currentPassword: 'demo1234', newPassword: 'nueva12345' }), 403, MESSAGES.errors.onlyOwnPassword);
    const ok = await t.http.post(url).set(auth).send({ currentPassword: 'demo1234', newPassword: 'nueva12345' });
    expect(ok.status).toBe(200);
    parseWith(OkResponseSchema, ok.body);
    expectError(await t.http.post('/api/auth/login').send({ username: 'mlopez', password: 'demo1234' }), 401);
    await login(t, 'mlopez', 'nueva12345');
    const [{ password_hash }]: { password_hash: string }[] = await t.ds.query(`SELECT password_hash FROM usuarios WHERE username = 'mlopez'`);
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
