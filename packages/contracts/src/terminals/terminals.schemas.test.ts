import { MESSAGES } from '../messages';
import { describeSchema, U1 } from '../__tests__/helpers';
import {
  isTrivialPin,
  RegisterTerminalRequestSchema,
  ResetPinRequestSchema,
  SetOwnPinRequestSchema,
  TerminalSignInRequestSchema,
  UpdateTerminalRequestSchema,
} from './terminals.schemas';

const m = MESSAGES.terminals;

describeSchema(
  'RegisterTerminalRequestSchema',
  RegisterTerminalRequestSchema,
  [
    { name: 'a name and an area (2 idle minutes by default)', input: { nombre: 'Tablet banco 1', area_uuid: U1 } },
    { name: 'idle minutes from a form input', input: { nombre: 'Reloj', area_uuid: U1, minutos_inactividad: '5' } },
  ],
  [
    { name: 'a blank name', input: { nombre: '  ', area_uuid: U1 }, path: 'nombre', message: m.nombreRequired },
    { name: 'no area', input: { nombre: 'X' }, path: 'area_uuid', message: m.areaRequired },
    { name: 'zero idle minutes', input: { nombre: 'X', area_uuid: U1, minutos_inactividad: 0 }, path: 'minutos_inactividad', message: m.idleMinutesRange },
    { name: 'idle minutes past an hour', input: { nombre: 'X', area_uuid: U1, minutos_inactividad: 61 }, path: 'minutos_inactividad', message: m.idleMinutesRange },
    { name: 'fractional idle minutes', input: { nombre: 'X', area_uuid: U1, minutos_inactividad: 1.5 }, path: 'minutos_inactividad', message: m.idleMinutesRange },
  ],
);

describeSchema(
  'UpdateTerminalRequestSchema',
  UpdateTerminalRequestSchema,
  [
    { name: 'a new name', input: { nombre: 'Otra' } },
    { name: 'new idle minutes', input: { minutos_inactividad: 10 } },
  ],
  [{ name: 'nothing', input: {}, path: '', message: m.nothingToUpdate }],
);

describeSchema(
  'SetOwnPinRequestSchema',
  SetOwnPinRequestSchema,
  [
    { name: 'four digits', input: { pin: '4817', contrasena_actual: 'x' } },
    { name: 'six digits, no password (a company account)', input: { pin: '480219' } },
  ],
  [
    { name: 'no PIN', input: {}, path: 'pin', message: m.pinRequired },
    { name: 'three digits', input: { pin: '481' }, path: 'pin', message: m.pinFormat },
    { name: 'seven digits', input: { pin: '4817293' }, path: 'pin', message: m.pinFormat },
    { name: 'a letter', input: { pin: '48a7' }, path: 'pin', message: m.pinFormat },
    { name: 'one digit repeated', input: { pin: '0000' }, path: 'pin', message: m.pinTrivial },
    { name: 'digits up', input: { pin: '123456' }, path: 'pin', message: m.pinTrivial },
    { name: 'digits down', input: { pin: '9876' }, path: 'pin', message: m.pinTrivial },
  ],
);

describeSchema(
  'ResetPinRequestSchema',
  ResetPinRequestSchema,
  [
    { name: 'no PIN (the person sets one)', input: {} },
    { name: 'a new PIN', input: { pin: '5820' } },
  ],
  [{ name: 'a trivial PIN', input: { pin: '1111' }, path: 'pin', message: m.pinTrivial }],
);

describeSchema(
  'TerminalSignInRequestSchema',
  TerminalSignInRequestSchema,
  [{ name: 'a person and a PIN', input: { usuario_uuid: U1, pin: '4817' } }],
  [
    { name: 'no person', input: { pin: '4817' }, path: 'usuario_uuid', message: m.personRequired },
    { name: 'no PIN', input: { usuario_uuid: U1 }, path: 'pin', message: m.pinRequired },
    { name: 'a PIN of letters', input: { usuario_uuid: U1, pin: 'abcd' }, path: 'pin', message: m.pinFormat },
  ],
);

describe('isTrivialPin', () => {
  it.each([
    ['0000', true],
    ['999999', true],
    ['1234', true],
    ['0123', true],
    ['54321', true],
    ['4817', false],
    ['1243', false],
    ['112233', false],
  ])('%s -> %s', (pin, trivial) => {
    expect(isTrivialPin(pin)).toBe(trivial);
  });
});
