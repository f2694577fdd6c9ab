import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AssetRow, AssetsRepository } from './assets.repository';

export type AssetState = 'operativo' | 'detenido' | 'mantenimiento' | 'fuera_servicio';

export interface SetAssetState {
  equipoUuid: string;
  estado: AssetState;
  desde?: Date;
  motivo?: string | null;
  solicitudUuid?: string | null;
  porUuid: string | null;
}

/** Machines: their catalog and their state's timeline. */
@Injectable()
export class AssetsService {
  constructor(private readonly repo: AssetsRepository) {}

  findByCode(code: string): Promise<AssetRow | null> {
    return this.repo.findByCode(code);
  }

  /** Closes the open interval of the machine's timeline and opens one in the new state (the machine locked). */
  @Transactional()
  async setState(s: SetAssetState): Promise<void> {
    const row = await this.repo.lock(s.equipoUuid);
    if (!row || row.estado === s.estado) return;
    const desde = s.desde ?? new Date();
    await this.repo.closeOpenState(s.equipoUuid, desde);
    await this.repo.openState({
      equipoUuid: s.equipoUuid,
      estado: s.estado,
      desde,
      motivo: s.motivo ?? null,
      solicitudUuid: s.solicitudUuid ?? null,
      porUuid: s.porUuid,
    });
  }
}
