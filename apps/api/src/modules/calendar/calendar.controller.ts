import { Controller } from '@nestjs/common';
import {
  CALENDAR_ROUTES,
  CreateNonWorkingDayRequest,
  ImportHolidaysRequest,
  NonWorkingDayListQuery,
  UuidParam,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { CalendarService } from './calendar.service';

@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Endpoint(CALENDAR_ROUTES.list)
  list(@ValidQuery() q: NonWorkingDayListQuery) {
    return this.calendar.list(q);
  }

  @Endpoint(CALENDAR_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateNonWorkingDayRequest) {
    return this.calendar.create(user, body);
  }

  @Endpoint(CALENDAR_ROUTES.importHolidays)
  importHolidays(@CurrentUser() user: AuthUser, @ValidBody() body: ImportHolidaysRequest) {
    return this.calendar.importHolidays(user, body.anio);
  }

  @Endpoint(CALENDAR_ROUTES.remove)
  remove(@ValidParams() p: UuidParam) {
    return this.calendar.remove(p.id);
  }
}
