import { z } from 'zod';

/**
 * The parts of the OpenAPI 3.1 document that clients rely on. The rest of
 * each operation (JSON Schemas generated from these contracts) is open.
 */
export const OpenApiOperationSchema = z
  .object({
    operationId: z.string().min(1),
    summary: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    'x-permission': z.union([
      z.enum(['public', 'authenticated', 'terminal']),
      z.object({ anyOf: z.array(z.string()) }),
      z.object({ allOf: z.array(z.string()) }),
    ]),
    parameters: z.array(z.record(z.string(), z.unknown())).optional(),
    requestBody: z.record(z.string(), z.unknown()).optional(),
    responses: z.record(z.string(), z.record(z.string(), z.unknown())),
    security: z.array(z.record(z.string(), z.array(z.string()))),
  })
  .loose();
export type OpenApiOperation = z.infer<typeof OpenApiOperationSchema>;

export const OpenApiDocumentSchema = z
  .object({
    openapi: z.string().startsWith('3.1'),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).loose(),
    paths: z.record(
      z.string(),
      z.partialRecord(z.enum(['get', 'post', 'put', 'patch', 'delete']), OpenApiOperationSchema),
    ),
    components: z.record(z.string(), z.unknown()),
  })
  .loose();
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
