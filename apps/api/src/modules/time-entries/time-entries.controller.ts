import { Controller, Headers } from '@nestjs/common';
import {
  CorrectTimeEntryRequest,
  CreateTimeEntryRequest,
  DEVICE_TIME_HEADER,
  FinishTimeEntryRequest,
  PauseTimeEntryRequest,
  StartTimeEntryRequest,
  TIME_ENTRIES_ROUTES,
  TimeEntryListQuery,
  UuidParam,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { TimeEntriesService } from './time-entries.service';

const DEVICE_TIME = DEVICE_TIME_HEADER.toLowerCase();

@Controller()
export class TimeEntriesController {
  constructor(private readonly time: TimeEntriesService) {}

  @Endpoint(TIME_ENTRIES_ROUTES.current)
  current(@CurrentUser() user: AuthUser) {
    return this.time.current(user);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: TimeEntryListQuery) {
    return this.time.list(user, q);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.start)
  start(@CurrentUser() user: AuthUser, @ValidBody() body: StartTimeEntryRequest, @Headers(DEVICE_TIME) sent?: string) {
    return this.time.start(user, body, sent);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.resume)
  resume(@CurrentUser() user: AuthUser, @ValidBody() body: StartTimeEntryRequest, @Headers(DEVICE_TIME) sent?: string) {
    return this.time.start(user, body, sent);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.pause)
  pause(@CurrentUser() user: AuthUser, @ValidBody() body: PauseTimeEntryRequest, @Headers(DEVICE_TIME) sent?: string) {
    return this.time.pause(user, body, sent);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.finish)
  finish(@CurrentUser() user: AuthUser, @ValidBody() body: FinishTimeEntryRequest, @Headers(DEVICE_TIME) sent?: string) {
    return this.time.finish(user, body, sent);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateTimeEntryRequest) {
    return this.time.create(user, body);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.correct)
  correct(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: CorrectTimeEntryRequest) {
    return this.time.correct(user, p.id, body);
  }

  @Endpoint(TIME_ENTRIES_ROUTES.confirm)
  confirm(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.time.confirm(user, p.id);
  }
}
