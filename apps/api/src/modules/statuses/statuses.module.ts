import { Module } from '@nestjs/common';
import { catalogModule } from '../../common/catalog/catalog.module';
import { STATUSES } from './statuses.catalog';

@Module(catalogModule(STATUSES))
export class StatusesModule {}
