/**
 * Builds the OpenAPI 3.1 document from the contracts' route descriptors, the same
 * descriptors the API registers and validates with: every schema is zod's own JSON
 * Schema output of the contract schema, and the conflicts (409) are those each
 * descriptor declares (`conflicts`), and its other answers (`errors`), beside its
 * route rather than in a list here. The error answers common to routes (400, 401,
 * 403, 404, 409 and 422 of the idempotency key, 413, 503) follow from the
 * descriptor's shape and access rule. The document passes `redocly lint` with its
 * recommended rules, without a warning (test/docs.e2e-spec.ts).
 */
import { z } from 'zod';
import {
  APP_VERSION,
  ErrorBodySchema,
  IDEMPOTENCY_HEADER,
  DEVICE_TIME_HEADER,
  MESSAGES,
  PRODUCT_NAME,
  ROUTE_GROUPS,
  type ErrorBody,
  type OpenApiDocument,
  type OpenApiOperation,
  type RouteAccess,
  type RouteDescriptor,
  TERMINAL_HEADER,
} from '@gestar/contracts';
import { errorName } from '../../common/http/app-exception';
import { zodFieldErrors } from '../../common/http/zod-validation';

type JsonSchema = Record<string, unknown>;
type GroupName = keyof typeof ROUTE_GROUPS;

/** Tag (section) of each route group, in the product's language, with what it holds. */
const GROUP_TAGS: Record<GroupName, { name: string; description: string }> = {
  health: { name: 'Estado del servicio', description: 'Si el servicio y su base de datos responden.' },
  auth: { name: 'Sesión', description: 'Inicio y cierre de sesión, renovación del token, sesiones abiertas e ingreso con la cuenta de la empresa.' },
  users: { name: 'Usuarios', description: 'Personas que usan Gestar: alta, edición, desactivación, contraseña y puesto.' },
  roles: { name: 'Roles', description: 'Roles y los permisos que otorgan.' },
  statuses: { name: 'Estados', description: 'Estados de las tareas asignadas y su categoría.' },
  areas: { name: 'Áreas', description: 'Áreas de la organización y sus usuarios.' },
  jobPositions: { name: 'Puestos de trabajo', description: 'Puestos de trabajo que se asignan a los usuarios.' },
  taskTypes: { name: 'Tipos de tarea', description: 'Catálogo de tipos de tarea.' },
  tasks: { name: 'Tareas', description: 'Definición de las tareas: título, descripción, área, tipo y lista de verificación.' },
  assignedTasks: { name: 'Tareas asignadas', description: 'Tareas asignadas a personas: tablero, estado, lista de verificación, historial y comentarios.' },
  attachments: { name: 'Archivos adjuntos', description: 'Fotos y documentos de las tareas asignadas e imágenes de las descripciones.' },
  assetLabels: { name: 'Etiquetas de equipos', description: 'Etiquetas con código QR de los equipos: hoja A4 en PDF o una etiqueta en PNG.' },
  scheduledTasks: { name: 'Programación de tareas', description: 'Tareas que se repiten según una regla y generan tareas asignadas.' },
  calendar: { name: 'Calendario laboral', description: 'Días no laborables y feriados de la empresa.' },
  assets: { name: 'Equipos', description: 'Máquinas y puestos de trabajo: catálogo, página del equipo, estado, fotos, documentos e importación.' },
  reports: { name: 'Reportes', description: 'Reporte de tareas asignadas con filtros, totales y exportación.' },
  timesheet: { name: 'Semana de trabajo', description: 'Horas de una persona por tarea y día de una semana, con su exportación CSV y XLSX.' },
  notifications: { name: 'Notificaciones', description: 'Notificaciones en la aplicación, por correo y push, y su registro de entregas.' },
  events: { name: 'Eventos en vivo', description: 'Flujo de eventos del servidor para actualizar las pantallas abiertas.' },
  audit: { name: 'Auditoría', description: 'Registro de acciones y su exportación.' },
  docs: { name: 'Documentación', description: 'Esta documentación, como página y como documento OpenAPI.' },
  problemReports: { name: 'Solicitudes', description: 'Problemas reportados en los equipos o las áreas: revisión (aceptar, fusionar, rechazar) y confirmación.' },
  timeEntries: { name: 'Tiempo de trabajo', description: 'Cronómetro de las tareas (iniciar, pausar, reanudar, finalizar), intervalos cargados o corregidos a mano y confirmación de los pausados automáticamente.' },
  terminals: {
    name: 'Terminales',
    description:
      'Terminales compartidas de un área: registro del dispositivo, ingreso con PIN, tablero de pared y cambios reenviados sin conexión.',
  },
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
  [ROUTE_GROUPS.assetLabels.sheet, { 'application/pdf': { type: 'string', contentEncoding: 'binary' } }],
  [ROUTE_GROUPS.assetLabels.one, { 'image/png': { type: 'string', contentEncoding: 'binary' } }],
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
  access: RouteAccess | 'public' | 'authenticated' | 'terminal' | { anyOf: readonly string[] } | { allOf: readonly string[] },
): string {
  if (access === 'public') return 'Acceso: público, sin iniciar sesión.';
  if (access === 'terminal') {
    return 'Acceso: una terminal registrada y no revocada, con su credencial en el encabezado X-Terminal-Token (sin persona).';
  }
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

/** What an error status means, as each operation's list of answers says it. */
const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Datos no válidos',
  401: 'Sin sesión, sesión vencida o credenciales rechazadas',
  403: 'Falta el permiso o el registro está fuera de su alcance',
  404: 'No existe',
  409: 'Conflicto con datos existentes',
  413: 'Contenido demasiado grande',
  415: 'Tipo de archivo no admitido',
  422: 'No se puede aplicar el cambio',
  429: 'Demasiados intentos',
  503: 'Servicio no disponible',
};

/** The messages the guard answers a 401 with, on every route that needs a session. */
const SESSION_REFUSALS = [
  MESSAGES.errors.unauthorized,
  MESSAGES.errors.sessionExpired,
  MESSAGES.errors.sessionEnded,
  MESSAGES.errors.userInactive,
];

type ErrorResponse = { description: string; content: { 'application/json': Record<string, unknown> } };

/** One error status: its single answer as `example`, or each of several among `examples` (the first is the usual one). */
function errorResponse(status: number, bodies: readonly ErrorBody[]): ErrorResponse {
  const media: Record<string, unknown> = { schema: { $ref: '#/components/schemas/ErrorBody' } };
  if (bodies.length === 1) media.example = bodies[0];
  else media.examples = Object.fromEntries(bodies.map((b, i) => [`respuesta${i + 1}`, { summary: b.message, value: b }]));
  return { description: STATUS_DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': media } };
}

/**
 * Every error a route answers, from its descriptor: what its shape implies (any request may carry a
 * JSON body, so a malformed or oversized one is a 400 or a 413 anywhere), its access rule, its ids,
 * the idempotency key of a write, its declared conflicts and other answers, and the database.
 */
function errorResponses(route: RouteDescriptor): Record<string, ErrorResponse> {
  const answers = new Map<number, ErrorBody[]>();
  const add = (status: number, ...messages: readonly string[]) => {
    const list = answers.get(status) ?? [];
    for (const m of messages) if (!list.some((b) => b.message === m)) list.push(errorExample(status, m));
    answers.set(status, list);
  };
  const hasParams = route.path.includes('/:');
  const isWrite = route.method !== 'GET' && route.access !== 'public';
  const validation = validationExample(route);
  answers.set(400, [validation]);
  add(400, MESSAGES.validation.invalidBody);
  if (isWrite) add(400, MESSAGES.errors.idempotencyKeyInvalid);
  if (route.access !== 'public') {
    add(401, ...SESSION_REFUSALS);
    if (typeof route.access === 'object') add(403, MESSAGES.errors.forbidden);
    else if (hasParams) add(403, MESSAGES.errors.outOfScope);
  }
  if (hasParams) add(404, MESSAGES.errors.notFound);
  if (route.conflicts?.length) add(409, ...route.conflicts);
  if (isWrite) add(409, MESSAGES.errors.idempotencyKeyInFlight);
  add(413, MESSAGES.errors.payloadTooLarge);
  if (isWrite) add(422, MESSAGES.errors.idempotencyKeyReused);
  for (const [status, messages] of Object.entries(route.errors ?? {})) add(Number(status), ...messages);
  if (!WITHOUT_DATABASE.has(route)) add(503, MESSAGES.errors.databaseUnavailable);
  return Object.fromEntries(
    [...answers.entries()].sort(([a], [b]) => a - b).map(([status, bodies]) => [String(status), errorResponse(status, bodies)]),
  );
}

/** Any answer not listed: what the API answers for an error it did not expect. */
const UNEXPECTED = {
  description: 'Error inesperado',
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/ErrorBody' },
      example: errorExample(500, MESSAGES.errors.internal),
    },
  },
};

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
  if (DEVICE_CLOCK_ROUTES.has(route)) {
    out.push({
      name: DEVICE_TIME_HEADER,
      in: 'header',
      required: false,
      description:
        route === ROUTE_GROUPS.assignedTasks.update
          ? 'Hora del dispositivo al enviar este pedido (ISO 8601), para un cambio hecho sin conexión ({sin_conexion_en}): el servidor corrige el desfase del reloj del dispositivo (hora de recepción menos esta hora) antes de anotar la hora del cambio. Se renueva en cada envío; no forma parte de la huella de la clave de idempotencia.'
          : 'Hora del dispositivo al enviar este pedido (ISO 8601), requerida cuando el cuerpo trae `en`: el servidor corrige el desfase del reloj del dispositivo (hora de recepción menos esta hora). Se renueva en cada envío; no forma parte de la huella de la clave de idempotencia.',
      schema: { type: 'string', format: 'date-time' },
    });
  }
  return out;
}

/** The timer's routes and the status change: what they record may carry the device's clock. */
const DEVICE_CLOCK_ROUTES = new Set<RouteDescriptor>([
  ROUTE_GROUPS.assignedTasks.update,
  ROUTE_GROUPS.timeEntries.start,
  ROUTE_GROUPS.timeEntries.resume,
  ROUTE_GROUPS.timeEntries.pause,
  ROUTE_GROUPS.timeEntries.finish,
]);

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
    tags: [GROUP_TAGS[group].name],
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
    responses: { ...successResponse(route), ...errorResponses(route), default: UNEXPECTED },
    security: route.access === 'public' ? [] : route.access === 'terminal' ? [{ terminalToken: [] }] : [{ bearerAuth: [] }],
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
      // Not published under a public licence: the API belongs to the organisation that installs it
      // (SPDX's LicenseRef- form for a licence of one's own).
      license: { name: 'Privada: uso de la organización que instala Gestar', identifier: 'LicenseRef-Gestar-Privada' },
      description:
        'Generada desde los contratos compartidos (packages/contracts). Cada operación indica en `x-permission` la regla de acceso que aplica el servidor. Los errores responden `{ statusCode, message, error, errors? }` con un mensaje en español.',
    },
    servers: [{ url: '/' }],
    tags: Object.values(GROUP_TAGS),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        terminalToken: { type: 'apiKey', in: 'header', name: TERMINAL_HEADER },
      },
    },
  };
}
