import { Module } from '@nestjs/common';
import { AreasController } from './areas.controller';
import { AreasRepository } from './areas.repository';
import { AreasService } from './areas.service';

@Module({ controllers: [AreasController], providers: [AreasService, AreasRepository], exports: [AreasRepository] })
export class AreasModule {}
