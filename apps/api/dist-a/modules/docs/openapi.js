"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.openApiPath = openApiPath;
exports.describeAccessEs = describeAccessEs;
exports.buildOpenApiDocument = buildOpenApiDocument;
/**
 * Builds the OpenAPI 3.1 document from the contracts' route descriptors, so
 * the documentation cannot drift from what the API validates and answers:
 * every schema is zod's own JSON Schema output of the contract schema.
 */
const zod_1 = require("zod");
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("../../common/http/app-exception");
const zod_validation_1 = require("../../common/http/zod-validation");
/** Tag (section) of each route group, in the product's language. */
const GROUP_TAGS = {
    health: 'Estado del servicio',
    auth: 'Sesión',
    users: 'Usuarios',
    roles: 'Roles',
    statuses: 'Estados',
    areas: 'Áreas',
    jobDescriptions: 'Puestos de trabajo',
    taskTypes: 'Tipos de tarea',
    tasks: 'Tareas',
    assignedTasks: 'Tareas asignadas',
    scheduledTasks: 'Programación de tareas',
    reports: 'Reportes',
    notifications: 'Notificaciones',
    events: 'Eventos en vivo',
    docs: 'Documentación',
};
/** Answers that are not JSON: what they carry instead. */
const NON_JSON_CONTENT = new Map([
    [contracts_1.ROUTE_GROUPS.events.stream, { 'text/event-stream': { type: 'string' } }],
    [
        contracts_1.ROUTE_GROUPS.reports.export,
        {
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                type: 'string',
                contentEncoding: 'binary',
            },
            'application/pdf': { type: 'string', contentEncoding: 'binary' },
            'text/csv': { type: 'string' },
        },
    ],
    [contracts_1.ROUTE_GROUPS.docs.page, { 'text/html': { type: 'string' } }],
]);
/** The conflicts (409) a route can answer, with the message the API gives. */
const CONFLICTS = new Map([
    [contracts_1.ROUTE_GROUPS.users.create, contracts_1.MESSAGES.errors.usernameTaken],
    [contracts_1.ROUTE_GROUPS.users.update, contracts_1.MESSAGES.errors.usernameTaken],
    [contracts_1.ROUTE_GROUPS.statuses.remove, contracts_1.MESSAGES.errors.statusInUse],
    [contracts_1.ROUTE_GROUPS.areas.remove, contracts_1.MESSAGES.errors.areaInUse],
    [contracts_1.ROUTE_GROUPS.taskTypes.remove, contracts_1.MESSAGES.errors.taskTypeInUse],
    [contracts_1.ROUTE_GROUPS.jobDescriptions.remove, contracts_1.MESSAGES.errors.jobPositionInUse],
    [contracts_1.ROUTE_GROUPS.scheduledTasks.create, contracts_1.MESSAGES.errors.scheduleExists],
]);
/** Routes that never touch the database, so never answer 503. */
const WITHOUT_DATABASE = new Set([contracts_1.ROUTE_GROUPS.docs.page, contracts_1.ROUTE_GROUPS.docs.openapi]);
/** `/api/users/:id` -> `/api/users/{id}`. */
function openApiPath(path) {
    return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
function jsonSchema(schema, io) {
    // Transforms and refinements have no JSON Schema form: their input or output side is documented.
    const out = zod_1.z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    delete out.$schema;
    return out;
}
/** Spanish description of an access rule. */
function describeAccessEs(access) {
    if (access === 'public')
        return 'Acceso: público, sin iniciar sesión.';
    if (access === 'authenticated') {
        return 'Acceso: cualquier usuario con sesión iniciada (las reglas por registro, como áreas propias o autoría, las aplica el servicio).';
    }
    if ('anyOf' in access)
        return `Acceso: requiere al menos uno de los permisos ${access.anyOf.map((p) => `\`${p}\``).join(', ')}.`;
    return `Acceso: requiere todos los permisos ${access.allOf.map((p) => `\`${p}\``).join(', ')}.`;
}
function errorExample(statusCode, message, errors) {
    // Parsed so an example can never show a body the API could not answer.
    return contracts_1.ErrorBodySchema.parse({ statusCode, message, error: (0, app_exception_1.errorName)(statusCode), ...(errors ? { errors } : {}) });
}
/**
 * A real validation failure of this route: what the API answers for an empty
 * body, a malformed id or a page 0 (the first of these the route refuses).
 */
function validationExample(route) {
    const attempts = [
        [route.body, {}],
        [route.params, Object.fromEntries([...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1], 'no-es-un-id']))],
        [route.query, { page: '0' }],
    ];
    for (const [schema, value] of attempts) {
        if (!schema)
            continue;
        const result = schema.safeParse(value);
        if (!result.success) {
            const errors = (0, zod_validation_1.zodFieldErrors)(result.error);
            return errorExample(400, errors[0]?.message ?? contracts_1.MESSAGES.validation.invalidBody, errors);
        }
    }
    return errorExample(400, contracts_1.MESSAGES.validation.invalidBody);
}
function errorResponse(description, example) {
    return {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, example } },
    };
}
function errorResponses(route) {
    const out = {};
    const hasParams = route.path.includes('/:');
    if (route.params || route.query || route.body)
        out['400'] = errorResponse('Datos no válidos', validationExample(route));
    if (route.access !== 'public') {
        out['401'] = errorResponse('Sin sesión o sesión vencida', errorExample(401, contracts_1.MESSAGES.errors.unauthorized));
        if (typeof route.access === 'object') {
            out['403'] = errorResponse('Falta el permiso o el registro está fuera de su alcance', errorExample(403, contracts_1.MESSAGES.errors.forbidden));
        }
        else if (hasParams) {
            out['403'] = errorResponse('El registro está fuera de su alcance', errorExample(403, contracts_1.MESSAGES.errors.outOfScope));
        }
    }
    if (hasParams)
        out['404'] = errorResponse('No existe', errorExample(404, contracts_1.MESSAGES.errors.notFound));
    const conflict = CONFLICTS.get(route);
    if (conflict)
        out['409'] = errorResponse('Conflicto con datos existentes', errorExample(409, conflict));
    if (route.body)
        out['413'] = errorResponse('Cuerpo mayor a 1 MB', errorExample(413, contracts_1.MESSAGES.errors.payloadTooLarge));
    if (route === contracts_1.ROUTE_GROUPS.auth.login) {
        out['429'] = errorResponse('Demasiados intentos fallidos', errorExample(429, contracts_1.MESSAGES.errors.tooManyLoginAttempts));
    }
    if (!WITHOUT_DATABASE.has(route)) {
        out['503'] = errorResponse('Base de datos no disponible', errorExample(503, contracts_1.MESSAGES.errors.databaseUnavailable));
    }
    return out;
}
function parameters(route) {
    const out = [];
    const add = (schema, where) => {
        if (!schema)
            return;
        const json = jsonSchema(schema, 'input');
        const properties = (json.properties ?? {});
        const required = new Set((json.required ?? []));
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
    return out;
}
function successResponse(route) {
    const status = route.status ?? (route.method === 'POST' ? 201 : 200);
    if (status === 204)
        return { [status]: { description: 'Sin contenido' } };
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
function operation(group, key, route) {
    const params = parameters(route);
    return {
        operationId: `${group}.${key}`,
        summary: route.summary,
        description: `${route.summary}\n\n${describeAccessEs(route.access)}`,
        tags: [GROUP_TAGS[group]],
        'x-permission': route.access,
        ...(params.length ? { parameters: params } : {}),
        ...(route.body
            ? {
                requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
            }
            : {}),
        responses: { ...successResponse(route), ...errorResponses(route) },
        security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
    };
}
/** The whole document; built once per process (the contracts do not change at run time). */
function buildOpenApiDocument() {
    const paths = {};
    for (const [group, routes] of Object.entries(contracts_1.ROUTE_GROUPS)) {
        for (const [key, route] of Object.entries(routes)) {
            const path = openApiPath(route.path);
            const method = route.method.toLowerCase();
            paths[path] = { ...paths[path], [method]: operation(group, key, route) };
        }
    }
    return {
        openapi: '3.1.0',
        info: {
            title: `API de ${contracts_1.PRODUCT_NAME}`,
            version: contracts_1.APP_VERSION,
            description: 'Generada desde los contratos compartidos (packages/contracts). Cada operación indica en `x-permission` la regla de acceso que aplica el servidor. Los errores responden `{ statusCode, message, error, errors? }` con un mensaje en español.',
        },
        servers: [{ url: '/' }],
        tags: Object.values(GROUP_TAGS).map((name) => ({ name })),
        paths,
        components: {
            schemas: { ErrorBody: jsonSchema(contracts_1.ErrorBodySchema, 'output') },
            securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
    };
}
//# sourceMappingURL=openapi.js.map