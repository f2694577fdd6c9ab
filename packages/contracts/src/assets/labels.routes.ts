import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { LabelParamsSchema, LabelQuerySchema, LabelsSheetQuerySchema } from './labels.schemas';

const scope = 'Un supervisor solo las de los equipos de sus áreas.';

/**
 * Machine labels. This group is declared before the assets group: `/api/assets/labels.pdf` is a
 * static path that `/api/assets/:code` would also match (a code may be `labels.pdf`), so the API
 * registers it first.
 */
export const ASSET_LABELS_ROUTES = {
  sheet: defineRoute({
    method: 'GET',
    path: '/api/assets/labels.pdf',
    access: { anyOf: ['read:asset'] },
    query: LabelsSheetQuerySchema,
    response: null,
    status: 200,
    errors: { 503: [MESSAGES.errors.labelsBusy] },
    summary: `Hoja A4 en PDF con las etiquetas (código QR, nombre, código y área) de hasta 500 equipos, del tamaño elegido. ${scope}`,
  }),
  one: defineRoute({
    method: 'GET',
    path: '/api/assets/:code/label.png',
    access: { anyOf: ['read:asset'] },
    params: LabelParamsSchema,
    query: LabelQuerySchema,
    response: null,
    status: 200,
    errors: { 503: [MESSAGES.errors.labelsBusy] },
    summary: `La etiqueta de un equipo como imagen PNG (300 ppp). ${scope}`,
  }),
} as const;
