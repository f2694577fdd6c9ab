import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { EVENTS_ROUTES } from '@gestar/contracts';
import { CurrentUser, Endpoint } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { EventsService } from './events.service';

@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /**
   * Server-sent events: `event: <type>` / `data: <json>`. The token may come in the
   * `token` query parameter because EventSource cannot send headers.
   */
  @Endpoint(EVENTS_ROUTES.stream)
  stream(@CurrentUser() user: AuthUser, @Res() res: Response): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    const unsubscribe = this.events.subscribe({
      user,
      send: (e) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`),
      close: () => res.end(),
    });
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), 25_000);
    heartbeat.unref();
    // The response's close fires for a client that goes away and for our own end() at shutdown alike.
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  }
}
