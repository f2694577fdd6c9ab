import { Module } from '@nestjs/common';
import { StatusesController } from './statuses.controller';
import { StatusesRepository } from './statuses.repository';
import { StatusesService } from './statuses.service';

@Module({ controllers: [StatusesController], providers: [StatusesService, StatusesRepository] })
export class StatusesModule {}
