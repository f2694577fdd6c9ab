import { MESSAGES } from '../messages';
import { describeSchema } from '../__tests__/helpers';
import {
  ChangePasswordFormSchema,
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshTokenRequestSchema,
} from './auth.schemas';

const v = MESSAGES.validation;

describeSchema(
  'LoginRequestSchema',
  LoginRequestSchema,
  [{ name: 'credentials', input: { username: 'admin', password: 'demo1234' } }],
  [
    { name: 'no username', input: { password: 'x' }, path: 'username', message: v.usernameLoginRequired },
    {
      name: 'blank username',
      input: { username: '  ', password: 'x' },
      path: 'username',
      message: v.usernameLoginRequired,
    },
    { name: 'no password', input: { username: 'admin' }, path: 'password', message: v.passwordLoginRequired },
    {
      name: 'empty password',
      input: { username: 'admin', password: '' },
      path: 'password',
      message: v.passwordLoginRequired,
    },
  ],
);

describeSchema(
  'RefreshTokenRequestSchema',
  RefreshTokenRequestSchema,
  [
    { name: 'a token', input: { refreshToken: 'abc' } },
    {
      name: 'an empty token (the client sends "" when it has none; the server answers 401)',
      input: { refreshToken: '' },
    },
    { name: 'no token (a browser: its cookie carries it)', input: {} },
  ],
  [{ name: 'a token that is no text', input: { refreshToken: 5 }, path: 'refreshToken', message: MESSAGES.errors.invalidRefreshToken }],
);

describeSchema(
  'LogoutRequestSchema',
  LogoutRequestSchema,
  [
    { name: 'nothing', input: {} },
    { name: 'a token', input: { refreshToken: 'abc' } },
  ],
  [],
);

describeSchema(
  'ChangePasswordRequestSchema',
  ChangePasswordRequestSchema,
  [{ name: 'both passwords', input: { currentPassword: 'vieja', newPassword: 'nueva1234' } }],
  [
    {
      name: 'no current password',
      input: { newPassword: 'nueva1234' },
      path: 'currentPassword',
      message: v.currentPasswordRequired,
    },
    { name: 'no new password', input: { currentPassword: 'x' }, path: 'newPassword', message: v.newPasswordRequired },
    {
      name: 'empty new password',
      input: { currentPassword: 'x', newPassword: '' },
      path: 'newPassword',
      message: v.newPasswordRequired,
    },
    {
      name: 'short new password',
      input: { currentPassword: 'x', newPassword: 'corta' },
      path: 'newPassword',
      message: v.passwordMinLength,
    },
  ],
);

describeSchema(
  'ChangePasswordFormSchema',
  ChangePasswordFormSchema,
  [
    {
      name: 'matching passwords',
      input: { currentPassword: 'x', newPassword: 'nueva1234', confirmPassword: 'nueva1234' },
    },
  ],
  [
    {
      name: 'empty current',
      input: { currentPassword: '', newPassword: 'nueva1234', confirmPassword: 'nueva1234' },
      path: 'currentPassword',
      message: v.currentPasswordRequired,
    },
    {
      name: 'empty confirmation',
      input: { currentPassword: 'x', newPassword: 'nueva1234', confirmPassword: '' },
      path: 'confirmPassword',
      message: v.confirmPasswordRequired,
    },
    {
      name: 'different confirmation',
      input: { currentPassword: 'x', newPassword: 'nueva1234', confirmPassword: 'nueva12345' },
      path: 'confirmPassword',
      message: v.passwordsDoNotMatch,
    },
  ],
);

describe('change password, missing fields', () => {
  it('reports each missing field of the form in Spanish', () => {
    const issues = ChangePasswordFormSchema.safeParse({}).error?.issues.map((i) => ({
      path: i.path.join('.'),
      message: i.message,
    }));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'currentPassword', message: v.currentPasswordRequired },
        { path: 'newPassword', message: v.newPasswordRequired },
        { path: 'confirmPassword', message: v.confirmPasswordRequired },
      ]),
    );
  });
  it('does not add the length message to an empty new password', () => {
    const issues = ChangePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: '' }).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([v.newPasswordRequired]);
  });
});
