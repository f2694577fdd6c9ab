import { MESSAGES } from '../messages';
import { describeSchema, issuesOf, U1, U2 } from '../__tests__/helpers';
import {
  DateInputSchema,
  ErrorBodySchema,
  LookupPageQuerySchema,
  PageQuerySchema,
  UuidListQuerySchema,
  UuidParamSchema,
} from './common.schemas';

const v = MESSAGES.validation;

describeSchema(
  'PageQuerySchema',
  PageQuerySchema,
  [
    { name: 'nothing', input: {} },
    { name: 'strings', input: { page: '3', limit: '100' } },
  ],
  [
    { name: 'page 0', input: { page: '0' }, path: 'page', message: v.invalidPage },
    { name: 'fractional page', input: { page: '1.5' }, path: 'page', message: v.invalidPage },
    { name: 'text page', input: { page: 'uno' }, path: 'page', message: v.invalidPage },
    { name: 'limit 0', input: { limit: '0' }, path: 'limit', message: v.invalidLimit },
    { name: 'limit 101', input: { limit: '101' }, path: 'limit', message: v.invalidLimit },
  ],
);

describeSchema(
  'UuidParamSchema',
  UuidParamSchema,
  [{ name: 'a uuid', input: { id: U1 } }],
  [
    { name: 'a number', input: { id: '12' }, path: 'id', message: v.invalidUuid },
    { name: 'a static word', input: { id: 'usuarios' }, path: 'id', message: v.invalidUuid },
  ],
);

describeSchema(
  'DateInputSchema',
  DateInputSchema,
  [
    { name: 'a calendar date', input: '2030-01-31' },
    { name: 'a UTC date-time', input: '2030-01-31T10:00:00.000Z' },
    { name: 'an offset date-time', input: '2030-01-31T10:00:00-03:00' },
  ],
  [
    { name: 'a local format', input: '31/01/2030', path: '', message: v.invalidDate },
    { name: 'an impossible date', input: '2030-02-30', path: '', message: v.invalidDate },
    { name: 'a year below 1900 (read as 1940 by Date)', input: '0040-02-29', path: '', message: v.invalidDate },
    { name: 'the year zero', input: '0000-01-01', path: '', message: v.invalidDate },
    { name: 'a date-time in the year 1899', input: '1899-12-31T12:00:00Z', path: '', message: v.invalidDate },
  ],
);

describe('UuidListQuerySchema and defaults', () => {
  it('splits, trims and drops blanks', () => {
    expect(UuidListQuerySchema.parse(` ${U1},,${U2} `)).toEqual([U1, U2]);
    expect(UuidListQuerySchema.parse([U1])).toEqual([U1]);
    expect(issuesOf(UuidListQuerySchema, 'x')).toContainEqual({ path: '0', message: v.invalidUuid });
  });
  it('defaults page 1, limit 10 (lookups 100)', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(LookupPageQuerySchema.parse({ page: '2' })).toEqual({ page: 2, limit: 100 });
  });
  it('describes the error body', () => {
    const body = {
      statusCode: 400,
      message: v.invalidBody,
      error: 'Bad Request',
      errors: [{ path: 'titulo', message: v.tituloRequired }],
    };
    expect(issuesOf(ErrorBodySchema, body)).toEqual([]);
  });
});
