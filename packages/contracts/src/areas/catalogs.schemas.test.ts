import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, U1 } from '../__tests__/helpers';
import { AreaListQuerySchema, CreateAreaRequestSchema, UpdateAreaRequestSchema } from './areas.schemas';
import {
  CreateJobPositionRequestSchema,
  JobPositionListQuerySchema,
  UpdateJobPositionRequestSchema,
} from '../job-positions/job-positions.schemas';
import {
  CreateTaskTypeRequestSchema,
  TaskTypeListQuerySchema,
  UpdateTaskTypeRequestSchema,
} from '../task-types/task-types.schemas';
import { RoleListQuerySchema } from '../roles/roles.schemas';

const v = MESSAGES.validation;

for (const [title, schema] of [
  ['CreateAreaRequestSchema', CreateAreaRequestSchema],
  ['UpdateAreaRequestSchema', UpdateAreaRequestSchema],
] as const) {
  describeSchema(
    title,
    schema,
    [
      { name: 'a name', input: { nombre: 'Ventas' } },
      { name: 'extra keys (stripped)', input: { nombre: 'Ventas', uuid: U1 } },
    ],
    [
      { name: 'missing nombre', input: {}, path: 'nombre', message: v.nombreRequired },
      { name: 'blank nombre', input: { nombre: '   ' }, path: 'nombre', message: v.nombreRequired },
      { name: 'nombre not text', input: { nombre: 5 }, path: 'nombre', message: v.nombreRequired },
      { name: 'nombre too long', input: { nombre: 'x'.repeat(101) }, path: 'nombre', message: textTooLongMax(100) },
    ],
  );
}

for (const [title, schema] of [
  ['CreateJobPositionRequestSchema', CreateJobPositionRequestSchema],
  ['UpdateJobPositionRequestSchema', UpdateJobPositionRequestSchema],
  ['CreateTaskTypeRequestSchema', CreateTaskTypeRequestSchema],
  ['UpdateTaskTypeRequestSchema', UpdateTaskTypeRequestSchema],
] as const) {
  describeSchema(
    title,
    schema,
    [{ name: 'name and description', input: { nombre: 'Limpieza', descripcion: 'Tareas de limpieza' } }],
    [
      { name: 'missing nombre', input: { descripcion: 'x' }, path: 'nombre', message: v.nombreRequired },
      { name: 'blank nombre', input: { nombre: ' ', descripcion: 'x' }, path: 'nombre', message: v.nombreRequired },
      { name: 'missing descripcion', input: { nombre: 'x' }, path: 'descripcion', message: v.descripcionRequired },
      {
        name: 'blank descripcion',
        input: { nombre: 'x', descripcion: '\n' },
        path: 'descripcion',
        message: v.descripcionRequired,
      },
      {
        name: 'descripcion too long',
        input: { nombre: 'x', descripcion: 'y'.repeat(2001) },
        path: 'descripcion',
        message: textTooLongMax(2000),
      },
    ],
  );
}

for (const [title, schema] of [
  ['AreaListQuerySchema', AreaListQuerySchema],
  ['JobPositionListQuerySchema', JobPositionListQuerySchema],
  ['TaskTypeListQuerySchema', TaskTypeListQuerySchema],
] as const) {
  describeSchema(
    title,
    schema,
    [
      { name: 'nothing', input: {} },
      { name: 'page and name', input: { page: '3', nombre: 'ven' } },
    ],
    [
      { name: 'page 0', input: { page: '0' }, path: 'page', message: v.invalidPage },
      { name: 'page not a number', input: { page: 'x' }, path: 'page', message: v.invalidPage },
      { name: 'limit 0', input: { limit: '0' }, path: 'limit', message: v.invalidLimit },
    ],
  );
}

describe('list query defaults', () => {
  it('pages by 10 from page 1 and drops blank filters', () => {
    expect(AreaListQuerySchema.parse({ nombre: '  ' })).toEqual({ page: 1, limit: 10 });
    expect(TaskTypeListQuerySchema.parse({ nombre: ' lim ' })).toEqual({ page: 1, limit: 10, nombre: 'lim' });
  });
  it('lists roles 100 per page by default', () => {
    expect(RoleListQuerySchema.parse({})).toEqual({ page: 1, limit: 100 });
  });
});
