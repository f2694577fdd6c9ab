import { Inject, Injectable } from '@nestjs/common';
import {
  assetPagePath,
  LABEL_SHEET,
  LABEL_SIZES,
  labelGrid,
  labelsNoAccess,
  labelsUnknownCodes,
  MESSAGES,
  type LabelSize,
} from '@gestar/contracts';
import { areaScope, inScope } from '../../common/access/access';
import type { AuthUser } from '../../common/auth/auth-user';
import { forbidden, notFound } from '../../common/http/app-exception';
import { APP_CONFIG, type AppConfig } from '../../config';
import { AssetLabelsRepository, type LabelAssetRow } from './asset-labels.repository';
import { LabelPool } from './label-pool';
import type { LabelItem, LabelJob } from './label-worker';

export interface LabelFile {
  body: Buffer;
  contentType: 'application/pdf' | 'image/png';
  fileName: string;
}

@Injectable()
export class AssetLabelsService {
  constructor(
    private readonly repo: AssetLabelsRepository,
    private readonly pool: LabelPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An A4 sheet with the labels of these machines, in the order given. */
  async sheet(user: AuthUser, codes: readonly string[], size: LabelSize): Promise<LabelFile> {
    const rows = await this.readable(user, codes);
    const body = await this.pool.draw(this.job('pdf', rows, size));
    const fileName = rows.length === 1 ? `Etiqueta-${rows[0]!.codigo}.pdf` : `Etiquetas-${rows.length}-equipos.pdf`;
    return { body, contentType: 'application/pdf', fileName };
  }

  /** One machine's label as a PNG image. */
  async one(user: AuthUser, code: string, size: LabelSize): Promise<LabelFile> {
    const [row] = await this.repo.byCodes([code]);
    if (!row) throw notFound(MESSAGES.errors.labelAssetNotFound);
    if (!inScope(areaScope(user), row.area_uuid)) throw forbidden(MESSAGES.errors.labelNoAccessAsset);
    const body = await this.pool.draw(this.job('png', [row], size));
    return { body, contentType: 'image/png', fileName: `Etiqueta-${row.codigo}.png` };
  }

  /**
   * The machines of `codes` in their order, when every one exists (404 naming those that do not)
   * and is in the caller's areas (403 naming those that are not).
   */
  private async readable(user: AuthUser, codes: readonly string[]): Promise<LabelAssetRow[]> {
    const found = new Map((await this.repo.byCodes(codes)).map((r) => [r.codigo.toUpperCase(), r]));
    const missing = codes.filter((c) => !found.has(c.toUpperCase()));
    if (missing.length) throw notFound(labelsUnknownCodes(missing));
    const rows = codes.map((c) => found.get(c.toUpperCase())!);
    const scope = areaScope(user);
    const outside = rows.filter((r) => !inScope(scope, r.area_uuid)).map((r) => r.codigo);
    if (outside.length) throw forbidden(labelsNoAccess(outside));
    return rows;
  }

  private job(kind: LabelJob['kind'], rows: readonly LabelAssetRow[], size: LabelSize): LabelJob {
    const origin = this.config.publicUrl.replace(/\/+$/, '');
    const labels: LabelItem[] = rows.map((r) => ({
      url: `${origin}${assetPagePath(r.codigo)}`,
      nombre: r.nombre,
      codigo: r.codigo,
      area: r.area_nombre,
    }));
    const { columnas, filas } = labelGrid(size);
    const { anchoMm, altoMm } = LABEL_SIZES[size];
    return { kind, labels, size: { anchoMm, altoMm }, sheet: { ...LABEL_SHEET }, grid: { columnas, filas }, title: 'Etiquetas de equipos' };
  }
}
