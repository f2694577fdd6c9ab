/**
 * Builds the OpenAPI 3.1 document from the contracts' route descriptors, the same
 * descriptors the API registers and validates with: every schema is zod's own JSON
 * Schema output of the contract schema, and the conflicts (409) are those each
 * descriptor declares (`conflicts`), beside its route rather than in a list here.
 * The error answers common to every route (400, 401, 403, 404, 413, 503) follow
 * from the descriptor's shape and access rule.
 */
import { z } from 'zod';
import {
  APP_VERSION,
  ErrorBodySchema,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  PRODUCT_NAME,
  ROUTE_GROUPS,
  type ErrorBody,
  type OpenApiDocument,
  type OpenApiOperation,
  type RouteAccess,
  type RouteDescriptor,
} from '@gestar/contracts';
import { errorName } from '../../common/http/app-exception';
import { zodFieldErrors } from '../../common/http/zod-validation';

type JsonSchema = Record<string, unknown>;
type GroupName = keyof typeof ROUTE_GROUPS;

/** Tag (section) of each route group, in the product's language. */
const GROUP_TAGS: Record<GroupName, string> = {
  health: 'Estado del servicio',
  auth: 'Sesión',
  users: 'Usuarios',
  roles: 'Roles',
  statuses: 'Estados',
  areas: 'Áreas',
  jobPositions: 'Puestos de trabajo',
  taskTypes: 'Tipos de tarea',
  tasks: 'Tareas',
  assignedTasks: 'Tareas asignadas',
  attachments: 'Archivos adjuntos',
  scheduledTasks: 'Programación de tareas',
  calendar: 'Calendario laboral',
  reports: 'Reportes',
  notifications: 'Notificaciones',
  events: 'Eventos en vivo',
  audit: 'Auditoría',
  docs: 'Documentación',
};

/** Answers that are not JSON: what they carry instead. */
const NON_JSON_CONTENT = new Map<RouteDescriptor, Record<string, JsonSchema>>([
  [ROUTE_GROUPS.events.stream, { 'text/event-stream': { type: 'string' } }],
  [
    ROUTE_GROUPS.audit.export,
    { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { type: 'string', contentEncoding: 'binary' } },
  ],
  [
    ROUTE_GROUPS.reports.export,
    {
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        type: 'string',
        contentEncoding: 'binary',
      },
      'application/pdf': { type: 'string', contentEncoding: 'binary' },
      'text/csv': { type: 'string' },
    },
  ],
  [ROUTE_GROUPS.docs.page, { 'text/html': { type: 'string' } }],
  [
    ROUTE_GROUPS.attachments.download,
    Object.fromEntries(
      ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'].map((t) => [t, { type: 'string', contentEncoding: 'binary' }]),
    ),
  ],
  [ROUTE_GROUPS.attachments.thumbnail, { 'image/webp': { type: 'string', contentEncoding: 'binary' } }],
]);

/** Routes that never touch the database, so never answer 503. */
const WITHOUT_DATABASE = new Set<RouteDescriptor>([ROUTE_GROUPS.docs.page, ROUTE_GROUPS.docs.openapi]);

/** `/api/users/:id` -> `/api/users/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema form: their input or output side is documented.
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Spanish description of an access rule. */
export function describeAccessEs(
  access: RouteAccess | 'public' | 'authenticated' | { anyOf: readonly string[] } | { allOf: readonly string[] },
): string {
  if (access === 'public') return 'Acceso: público, sin iniciar sesión.';
  if (access === 'authenticated') {
    return 'Acceso: cualquier usuario con sesión iniciada (las reglas por registro, como áreas propias o autoría, las aplica el servicio).';
  }
  if ('anyOf' in access)
    return `Acceso: requiere al menos uno de los permisos ${access.anyOf.map((p) => `\`${p}\``).join(', ')}.`;
  return `Acceso: requiere todos los permisos ${access.allOf.map((p) => `\`${p}\``).join(', ')}.`;
}

function errorExample(statusCode: number, message: string, errors?: ErrorBody['errors']): ErrorBody {
  // Parsed so an example can never show a body the API could not answer.
  return ErrorBodySchema.parse({ statusCode, message, error: errorName(statusCode), ...(errors ? { errors } : {}) });
}

/**
 * A real validation failure of this route: what the API answers for an empty
 * body, a malformed id or a page 0 (the first of these the route refuses).
 */
function validationExample(route: RouteDescriptor): ErrorBody {
  const attempts: [z.ZodType | undefined, unknown][] = [
    [route.body, {}],
    [route.params, Object.fromEntries([...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1], 'no-es-un-id']))],
    [route.query, { page: '0' }],
  ];
  for (const [schema, value] of attempts) {
    if (!schema) continue;
    const result = schema.safeParse(value);
    if (!result.success) {
      const errors = zodFieldErrors(result.error);
      return errorExample(400, errors[0]?.message ?? MESSAGES.validation.invalidBody, errors);
    }
  }
  return errorExample(400, MESSAGES.validation.invalidBody);
}

function errorResponse(description: string, example: ErrorBody) {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, example } },
  };
}

/** The 409 of a route: its first conflict as the example, each one among the examples. */
function conflictResponse(messages: readonly string[]) {
  const response = errorResponse('Conflicto con datos existentes', errorExample(409, messages[0]!));
  if (messages.length === 1) return response;
  const examples = Object.fromEntries(
    messages.map((m, i) => [`conflicto${i + 1}`, { summary: m, value: errorExample(409, m) }]),
  );
  return { ...response, content: { 'application/json': { ...response.content['application/json'], examples } } };
}

function errorResponses(route: RouteDescriptor): Record<string, ReturnType<typeof errorResponse>> {
  const out: Record<string, ReturnType<typeof errorResponse>> = {};
  const hasParams = route.path.includes('/:');
  if (route.params || route.query || route.body)
    out['400'] = errorResponse('Datos no válidos', validationExample(route));
  if (route.access !== 'public') {
    out['401'] = errorResponse('Sin sesión o sesión vencida', errorExample(401, MESSAGES.errors.unauthorized));
    if (typeof route.access === 'object') {
      out['403'] = errorResponse(
        'Falta el permiso o el registro está fuera de su alcance',
        errorExample(403, MESSAGES.errors.forbidden),
      );
    } else if (hasParams) {
      out['403'] = errorResponse('El registro está fuera de su alcance', errorExample(403, MESSAGES.errors.outOfScope));
    }
  }
  if (hasParams) out['404'] = errorResponse('No existe', errorExample(404, MESSAGES.errors.notFound));
  if (route.conflicts?.length) out['409'] = conflictResponse(route.conflicts);
  if (route.body) out['413'] = errorResponse('Cuerpo mayor a 1 MB', errorExample(413, MESSAGES.errors.payloadTooLarge));
  if (route === ROUTE_GROUPS.auth.login) {
    out['429'] = errorResponse('Demasiados intentos fallidos', errorExample(429, MESSAGES.errors.tooManyLoginAttempts));
  }
  if (!WITHOUT_DATABASE.has(route)) {
    out['503'] = errorResponse('Base de datos no disponible', errorExample(503, MESSAGES.errors.databaseUnavailable));
  }
  return out;
}

function parameters(route: RouteDescriptor): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = jsonSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  if (route.method !== 'GET' && route.access !== 'public') {
    out.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      description:
        'UUID que el cliente genera una vez por cambio. La misma clave con la misma solicitud dentro de 24 horas repite la primera respuesta sin volver a escribir; con otra solicitud responde 422.',
      schema: { type: 'string', format: 'uuid' },
    });
  }
  return out;
}

function successResponse(route: RouteDescriptor): Record<string, Record<string, unknown>> {
  const status = route.status ?? (route.method === 'POST' ? 201 : 200);
  if (status === 204) return { [status]: { description: 'Sin contenido' } };
  const special = NON_JSON_CONTENT.get(route);
  if (special || !route.response) {
    const media = special ?? { 'application/octet-stream': { type: 'string', contentEncoding: 'binary' } };
    return {
      [status]: {
        description: 'Correcto',
        content: Object.fromEntries(Object.entries(media).map(([type, schema]) => [type, { schema }])),
      },
    };
  }
  return {
    [status]: {
      description: 'Correcto',
      content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
    },
  };
}

function operation(group: GroupName, key: string, route: RouteDescriptor): OpenApiOperation {
  const params = parameters(route);
  return {
    operationId: `${group}.${key}`,
    summary: route.summary,
    description: `${route.summary}\n\n${describeAccessEs(route.access)}`,
    tags: [GROUP_TAGS[group]],
    'x-permission': route.access as OpenApiOperation['x-permission'],
    ...(params.length ? { parameters: params } : {}),
    ...(route.body && route.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  ...jsonSchema(route.body, 'input'),
                  properties: {
                    ...((jsonSchema(route.body, 'input').properties as JsonSchema | undefined) ?? {}),
                    [route.multipart]: { type: 'string', format: 'binary' },
                  },
                  required: [route.multipart],
                },
              },
            },
          },
        }
      : route.body
        ? {
            requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
          }
        : {}),
    responses: { ...successResponse(route), ...errorResponses(route) },
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
  };
}

/** The whole document; built once per process (the contracts do not change at run time). */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [group, routes] of Object.entries(ROUTE_GROUPS) as [GroupName, Record<string, RouteDescriptor>][]) {
    for (const [key, route] of Object.entries(routes)) {
      const path = openApiPath(route.path);
      const method = route.method.toLowerCase() as Lowercase<RouteDescriptor['method']>;
      paths[path] = { ...paths[path], [method]: operation(group, key, route) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `API de ${PRODUCT_NAME}`,
      version: APP_VERSION,
      description:
        'Generada desde los contratos compartidos (packages/contracts). Cada operación indica en `x-permission` la regla de acceso que aplica el servidor. Los errores responden `{ statusCode, message, error, errors? }` con un mensaje en español.',
    },
    servers: [{ url: '/' }],
    tags: Object.values(GROUP_TAGS).map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
