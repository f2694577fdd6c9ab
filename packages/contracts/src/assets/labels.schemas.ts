import { z } from 'zod';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;

/** A machine's code as the table allows it (`equipos.codigo`): printed on its label and in its page's address. */
export const LABEL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;

/** At most this many labels in one sheet request (a sheet of 500 is the bench's figure). */
export const LABELS_MAX = 500;

/** The A4 sheet the labels are laid on, in millimetres: margins around the grid and the gap between labels. */
export const LABEL_SHEET = { anchoMm: 210, altoMm: 297, margenMm: 10, separacionMm: 4 } as const;

/** The label sizes a person picks from, with their Spanish names. */
export const LABEL_SIZES = {
  pequena: { nombre: 'Pequeña', anchoMm: 52, altoMm: 30 },
  mediana: { nombre: 'Mediana', anchoMm: 90, altoMm: 50 },
  grande: { nombre: 'Grande', anchoMm: 90, altoMm: 70 },
} as const;
export type LabelSize = keyof typeof LABEL_SIZES;
export const LABEL_SIZE_KEYS = Object.keys(LABEL_SIZES) as [LabelSize, ...LabelSize[]];
export const DEFAULT_LABEL_SIZE: LabelSize = 'mediana';

/** Columns and rows of labels of a size on one A4 sheet. */
export function labelGrid(size: LabelSize): { columnas: number; filas: number; porHoja: number } {
  const { anchoMm, altoMm, margenMm, separacionMm } = LABEL_SHEET;
  const s = LABEL_SIZES[size];
  const columnas = Math.floor((anchoMm - 2 * margenMm + separacionMm) / (s.anchoMm + separacionMm));
  const filas = Math.floor((altoMm - 2 * margenMm + separacionMm) / (s.altoMm + separacionMm));
  return { columnas, filas, porHoja: columnas * filas };
}

/** 'Mediana (90 × 50 mm, 10 por hoja)': what the size picker shows. */
export function labelSizeText(size: LabelSize): string {
  const s = LABEL_SIZES[size];
  return `${s.nombre} (${s.anchoMm} × ${s.altoMm} mm, ${labelGrid(size).porHoja} por hoja)`;
}

export const LabelCodeSchema = z
  .string({ error: v.labelCodeInvalid })
  .trim()
  .regex(LABEL_CODE_PATTERN, { error: v.labelCodeInvalid });

export const LabelSizeSchema = z.enum(LABEL_SIZE_KEYS, { error: v.labelSizeInvalid });

/** `?codes=A,B,C` (or `codes` repeated): the codes in order, each once whatever its case. */
const CodesListSchema = z.preprocess(
  (value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .filter((p): p is string => typeof p === 'string')
      .flatMap((p) => p.split(','))
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const seen = new Set<string>();
    return parts.filter((p) => !seen.has(p.toUpperCase()) && seen.add(p.toUpperCase()));
  },
  z
    .array(LabelCodeSchema)
    .min(1, { error: v.labelCodesRequired })
    .max(LABELS_MAX, { error: v.labelCodesMax }),
);

export const LabelsSheetQuerySchema = z.object({
  codes: CodesListSchema,
  tamano: LabelSizeSchema.default(DEFAULT_LABEL_SIZE),
});
export type LabelsSheetQuery = z.infer<typeof LabelsSheetQuerySchema>;

export const LabelParamsSchema = z.object({ code: LabelCodeSchema });
export type LabelParams = z.infer<typeof LabelParamsSchema>;

export const LabelQuerySchema = z.object({ tamano: LabelSizeSchema.default(DEFAULT_LABEL_SIZE) });
export type LabelQuery = z.infer<typeof LabelQuerySchema>;

/** The path of a machine's page in the web, which a label's QR code holds after the app's address. */
export function assetPagePath(code: string): string {
  return `/equipos/${encodeURIComponent(code)}`;
}

/**
 * The machine code a scanned text names: the address of a machine's page (any host: only the
 * path is read) or a bare code. `null` for anything else.
 */
export function assetCodeFromScan(text: string): string | null {
  const raw = text.trim();
  if (LABEL_CODE_PATTERN.test(raw)) return raw;
  // The contracts run without the DOM's or Node's URL: an absolute address's path, by its syntax.
  const address = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)?(?:[?#].*)?$/i.exec(raw);
  const match = /^\/equipos\/([^/]+)\/?$/.exec(address?.[1] ?? '');
  if (!match) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return LABEL_CODE_PATTERN.test(code) ? code : null;
}
