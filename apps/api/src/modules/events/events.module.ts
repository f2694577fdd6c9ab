import { Global, Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';

/** Global so every feature service can inject EventsService and publish. */
@Global()
@Module({ controllers: [EventsController], providers: [EventsService, EventsRepository], exports: [EventsService] })
export class EventsModule {}
