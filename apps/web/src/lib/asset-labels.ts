/**
 * Machine labels for any screen that prints them (the catalog's «Imprimir etiquetas», a machine's
 * page): the sizes to offer and the download of the PDF sheet.
 */
import { ASSET_LABELS_ROUTES, LABEL_SIZE_KEYS, labelSizeText, LABELS_MAX, type LabelSize } from '@gestar/contracts';
import { apiRequest } from './api-client';
import { saveBlob } from './download';

/** The label sizes as options of a Select: 'Mediana (90 × 50 mm, 10 por hoja)'. */
export const LABEL_SIZE_OPTIONS: readonly { value: LabelSize; label: string }[] = LABEL_SIZE_KEYS.map((value) => ({
  value,
  label: labelSizeText(value),
}));

export { LABELS_MAX };

/** The file name the sheet is saved with (the API's own). */
export function labelsFileName(codes: readonly string[]): string {
  return codes.length === 1 ? `Etiqueta-${codes[0]}.pdf` : `Etiquetas-${codes.length}-equipos.pdf`;
}

/** Downloads the PDF sheet with the labels of these machines (at most LABELS_MAX; the API answers why it refuses). */
export async function downloadAssetLabels(codes: readonly string[], tamano: LabelSize): Promise<void> {
  const blob = await apiRequest(ASSET_LABELS_ROUTES.sheet, { query: { codes: [...codes], tamano } });
  saveBlob(blob, labelsFileName(codes));
}

/** Loads one machine's label as a PNG (to show it, or save it with `saveBlob`). */
export function fetchAssetLabelPng(code: string, tamano: LabelSize): Promise<Blob> {
  return apiRequest(ASSET_LABELS_ROUTES.one, { params: { code }, query: { tamano } });
}
