import { Module } from '@nestjs/common';
import { catalogModule } from '../../common/catalog/catalog.module';
import { TASK_TYPES } from './task-types.catalog';

@Module(catalogModule(TASK_TYPES))
export class TaskTypesModule {}
