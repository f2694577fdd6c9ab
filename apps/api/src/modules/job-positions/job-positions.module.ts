import { Module } from '@nestjs/common';
import { catalogModule } from '../../common/catalog/catalog.module';
import { JOB_POSITIONS } from './job-positions.catalog';

@Module(catalogModule(JOB_POSITIONS))
export class JobPositionsModule {}
