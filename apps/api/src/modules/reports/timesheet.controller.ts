import { Controller, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { TIMESHEET_ROUTES, type TimesheetExportParams, type TimesheetQuery } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { TimesheetService } from './timesheet.service';

@Controller()
export class TimesheetController {
  constructor(private readonly timesheet: TimesheetService) {}

  @Endpoint(TIMESHEET_ROUTES.week)
  async week(@CurrentUser() user: AuthUser, @ValidQuery() q: TimesheetQuery) {
    const { username: _username, ...week } = await this.timesheet.week(user, q);
    return week;
  }

  @Endpoint(TIMESHEET_ROUTES.export)
  async export(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: TimesheetExportParams,
    @ValidQuery() q: TimesheetQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.timesheet.export(user, p.format, q);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.body, {
      type: file.contentType,
      disposition: `attachment; filename="${file.fileName}"`,
      length: file.body.length,
    });
  }
}
