import { Module } from '@nestjs/common';
import { AssetsRepository } from './assets.repository';
import { AssetsService } from './assets.service';

/**
 * Machines («Equipos»). AssetsService is exported: problem reports change a machine's state
 * through `setState`, tasks check a task's machine through `findByUuid`.
 */
@Module({ providers: [AssetsService, AssetsRepository], exports: [AssetsService] })
export class AssetsModule {}
