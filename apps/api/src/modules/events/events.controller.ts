import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EVENTS_ROUTES, EventTicketResponse } from '@gestar/contracts';
import { CurrentUser, Endpoint } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { SessionStateService } from '../../common/auth/session-state.service';
import { UserStateService } from '../../common/auth/user-state.service';
import { openEventStream } from './event-stream';
import { EventsService, reachOf, sameAccess } from './events.service';

/**
 * How often an open stream checks that its user may still hear it (state cached 2 s: closed within
 * 5 s). Each event is checked on its own before it is sent (EventsService.deliver).
 */
export const STREAM_RECHECK_MS = 1000;

@Controller()
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly users: UserStateService,
    private readonly sessions: SessionStateService,
  ) {}

  /** A single-use pass for `GET /api/events?ticket=`, so the access token never travels in a URL. */
  @Endpoint(EVENTS_ROUTES.ticket)
  async ticket(@CurrentUser() user: AuthUser): Promise<EventTicketResponse> {
    const { ticket, expira_en } = await this.sessions.issueTicket(
      user.uuid,
      user.sesionUuid,
      new Date(user.tokenExp * 1000),
    );
    return { ticket, expira_en: expira_en.toISOString() };
  }

  /**
   * Server-sent events: `event: <type>` / `data: <json>`. The stream ends when its session
   * ends, its user is deactivated or changes role or areas, or the token it was opened with
   * expires; the client then asks for a new ticket (refreshing its token if needed).
   */
  @Endpoint(EVENTS_ROUTES.stream)
  stream(@CurrentUser() user: AuthUser, @Res() res: Response): void {
    openEventStream(
      res,
      (sink) => this.events.subscribe({ user, ...sink }),
      () => this.mayStillHear(user),
      STREAM_RECHECK_MS,
    );
  }

  private async mayStillHear(user: AuthUser): Promise<boolean> {
    if (Date.now() >= user.tokenExp * 1000) return false;
    const fresh = await this.users.load(user.uuid);
    if (!fresh || !sameAccess({ ...fresh, permisos: reachOf(user, fresh.permisos) }, user)) return false;
    return this.sessions.isOpen(user.sesionUuid, user.uuid);
  }
}
