import { defineRoute } from '../common/route';
import { OpenApiDocumentSchema } from './docs.schemas';

export const DOCS_ROUTES = {
  page: defineRoute({
    method: 'GET',
    path: '/api/docs',
    access: 'public',
    response: null,
    status: 200,
    summary: 'Documentación de la API en HTML, generada desde los contratos.',
  }),
  openapi: defineRoute({
    method: 'GET',
    path: '/api/docs/openapi.json',
    access: 'public',
    response: OpenApiDocumentSchema,
    status: 200,
    summary: 'Documento OpenAPI 3.1 de la API, generado desde los contratos.',
  }),
} as const;
