import { Module } from '@nestjs/common';
import { catalogProvider } from '../../common/catalog/catalog.module';
import { AREAS } from './areas.catalog';
import { AreasController } from './areas.controller';
import { AreasRepository } from './areas.repository';
import { AreasService } from './areas.service';

@Module({ controllers: [AreasController], providers: [catalogProvider(AREAS), AreasService, AreasRepository] })
export class AreasModule {}
