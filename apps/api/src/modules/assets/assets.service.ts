import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  AssetListQuery,
  AssetListResponse,
  AssetResponse,
  AssetState,
  ChangeAssetStateRequest,
  CreateAssetRequest,
  MESSAGES,
  UpdateAssetRequest,
  normalizeAssetCode,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, inScope, scopeAreas } from '../../common/access/access';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { PG, pageMeta, pgErrorCode } from '../../database/sql';
import { toAssetResponse } from './assets.mapper';
import { AssetRow, AssetsRepository, AssetWrite } from './assets.repository';

const m = MESSAGES.assets;

/** A change of a machine's state (setState): who, why, and from when (default now). */
export interface SetAssetState {
  equipoUuid: string;
  estado: AssetState;
  /** The instant the new state starts (a report's time); default now. Never before the open interval's start. */
  desde?: Date;
  motivo?: string | null;
  /** The problem report that caused the change. */
  solicitudUuid?: string | null;
  porUuid: string | null;
}

/**
 * The machines («Equipos», issue 33): catalog, scope and the state timeline. Other modules
 * change a machine's state only through setState, which joins their transaction when one is open
 * (`@Transactional()` propagation REQUIRED: the CLS transaction of the caller is reused).
 */
@Injectable()
export class AssetsService {
  constructor(private readonly repo: AssetsRepository) {}

  /** A machine by its code (any case), or null. */
  async findByCode(code: string): Promise<AssetResponse | null> {
    const row = await this.repo.findByCode(normalizeAssetCode(code));
    return row ? toAssetResponse(row) : null;
  }

  /** A machine by its uuid, or null. */
  async findByUuid(uuid: string): Promise<AssetResponse | null> {
    const row = await this.repo.findByUuid(uuid);
    return row ? toAssetResponse(row) : null;
  }

  /**
   * Moves the machine to `estado` from `desde`: closes the open interval of `equipo_estados` and
   * opens a new one, and sets `equipos.estado`/`estado_desde`, in one transaction (the caller's
   * when one is open). The machine's row is locked first, so parallel changes run one after the
   * other and each closes exactly the interval the previous one opened. Audited by the table's
   * trigger (estado and estado_desde before and after). Answers false when the machine is already
   * in that state (nothing is written).
   */
  @Transactional()
  async setState(s: SetAssetState): Promise<boolean> {
    const current = await this.repo.lockForState(s.equipoUuid);
    if (!current) throw notFound(m.notFound);
    if (current.estado === s.estado) return false;
    await this.repo.moveState({
      equipoUuid: s.equipoUuid,
      estado: s.estado,
      desde: s.desde ?? new Date(),
      motivo: s.motivo ?? null,
      solicitudUuid: s.solicitudUuid ?? null,
      porUuid: s.porUuid,
    });
    return true;
  }

  /** Locks the machine's row until the transaction ends (its files are counted under it). */
  @Transactional()
  async lock(uuid: string): Promise<void> {
    if (!(await this.repo.lockForState(uuid))) throw notFound(m.notFound);
  }

  /** Sets (or clears) the machine's photo: an attachment of the machine (the attachments module stores it). */
  async setPhoto(uuid: string, fotoUuid: string | null): Promise<void> {
    await this.repo.setPhoto(uuid, fotoUuid);
  }

  /** 403 naming the machine (DECISIONS section 9: a 403 names the thing). */
  forbiddenFor(row: { codigo: string; nombre: string }) {
    return forbidden(`${m.forbidden}: ${row.codigo} (${row.nombre})`);
  }

  // ---- Routes ----

  async list(caller: AuthUser, q: AssetListQuery): Promise<AssetListResponse> {
    void caller; // read:asset sees every machine (the board and the scan of any area).
    const { rows, total } = await this.repo.page({
      areas: null,
      q: q.q,
      areaUuid: q.area,
      estado: q.estado,
      page: q.page,
      limit: q.limit,
    });
    return { data: rows.map(toAssetResponse), meta: pageMeta(q, total) };
  }

  /** The machine of `code` (404) that the caller may manage (403 naming it). */
  async manageable(caller: AuthUser, code: string): Promise<AssetRow> {
    const row = await this.repo.findByCode(code);
    if (!row) throw notFound(m.notFound);
    if (!inScope(areaScope(caller), row.area_uuid)) throw this.forbiddenFor(row);
    return row;
  }

  /** True when the caller may edit the machine of this area. */
  canManage(caller: AuthUser, areaUuid: string): boolean {
    return caller.permisos.includes('update:asset') && inScope(areaScope(caller), areaUuid);
  }

  async create(caller: AuthUser, input: CreateAssetRequest): Promise<AssetResponse> {
    const write = await this.checkWrite(caller, null, input);
    let uuid: string;
    try {
      uuid = await this.repo.insert(write, caller.uuid);
    } catch (err) {
      // Two creates racing past no pre-check: the unique index on upper(codigo) decides.
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(m.codigoTaken);
      throw err;
    }
    return toAssetResponse((await this.repo.findByUuid(uuid))!);
  }

  async update(caller: AuthUser, code: string, input: UpdateAssetRequest): Promise<AssetResponse> {
    const current = await this.manageable(caller, code);
    const write = await this.checkWrite(caller, current.uuid, input);
    try {
      await this.repo.update(current.uuid, write);
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(m.codigoTaken);
      throw err;
    }
    return toAssetResponse((await this.repo.findByUuid(current.uuid))!);
  }

  async remove(caller: AuthUser, code: string): Promise<{ ok: true }> {
    const current = await this.manageable(caller, code);
    if (await this.repo.inUse(current.uuid)) throw conflict(m.inUse);
    try {
      await this.repo.remove(current.uuid);
    } catch (err) {
      // A task or a report named it in between.
      if (pgErrorCode(err) === PG.foreignKeyViolation) throw conflict(m.inUse);
      throw err;
    }
    return { ok: true };
  }

  async changeState(caller: AuthUser, code: string, input: ChangeAssetStateRequest): Promise<AssetResponse> {
    const current = await this.manageable(caller, code);
    const changed = await this.setState({ equipoUuid: current.uuid, estado: input.estado, motivo: input.motivo, porUuid: caller.uuid });
    if (!changed) throw conflict(m.sameState);
    return toAssetResponse((await this.repo.findByUuid(current.uuid))!);
  }

  /** The area in the caller's scope and existing, the parent existing, of the same area and not a descendant. */
  private async checkWrite(
    caller: AuthUser,
    selfUuid: string | null,
    input: CreateAssetRequest | UpdateAssetRequest,
  ): Promise<AssetWrite> {
    if (!inScope(areaScope(caller), input.area_uuid)) throw forbidden(m.areaOutOfScope);
    if (!(await this.repo.areaExists(input.area_uuid))) throw badRequest(m.areaNotFound, [{ path: 'area_uuid', message: m.areaNotFound }]);
    const padre = input.padre_uuid ?? null;
    if (padre) {
      const parent = await this.repo.findByUuid(padre);
      if (!parent) throw badRequest(m.padreNotFound, [{ path: 'padre_uuid', message: m.padreNotFound }]);
      if (parent.area_uuid !== input.area_uuid) throw badRequest(m.padreOtherArea, [{ path: 'padre_uuid', message: m.padreOtherArea }]);
      if (selfUuid && (padre === selfUuid || (await this.repo.ancestors(padre)).includes(selfUuid))) {
        throw badRequest(m.padreCycle, [{ path: 'padre_uuid', message: m.padreCycle }]);
      }
    }
    return {
      codigo: input.codigo,
      nombre: input.nombre,
      area_uuid: input.area_uuid,
      padre_uuid: padre,
      fabricante: input.fabricante ?? null,
      modelo: input.modelo ?? null,
      numero_serie: input.numero_serie ?? null,
    };
  }

  /** Scope of the catalog for a caller: null = every area. */
  scopeOf(caller: AuthUser): readonly string[] | null {
    return scopeAreas(areaScope(caller));
  }
}
