import { Module } from '@nestjs/common';
import { TaskTypesController } from './task-types.controller';
import { TaskTypesRepository } from './task-types.repository';
import { TaskTypesService } from './task-types.service';

@Module({ controllers: [TaskTypesController], providers: [TaskTypesService, TaskTypesRepository] })
export class TaskTypesModule {}
