import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { notFound } from '../../common/http/app-exception';
import { AssetsService } from '../assets/assets.service';

/** Who may delete a machine's photo or document: a manager of the machine (update:asset in its area). */
@Injectable()
export class AssetFilesAccess {
  constructor(private readonly assets: AssetsService) {}

  async assertManages(caller: AuthUser, equipoUuid: string): Promise<void> {
    const asset = await this.assets.findByUuid(equipoUuid);
    if (!asset) throw notFound(MESSAGES.assets.notFound);
    if (!this.assets.canManage(caller, asset.area.uuid)) throw this.assets.forbiddenFor(asset);
  }
}
