import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { TerminalDevice } from '../../common/auth/terminal-state.service';
import { TerminalStateService } from '../../common/auth/terminal-state.service';
import { EventsService } from '../events/events.service';

/** How often an open wall stream checks that its terminal still works (revocation ends it within this). */
export const WALL_RECHECK_MS = 1000;

/** The wall board's live stream: the events of the terminal's area only, as server-sent events. */
@Injectable()
export class WallStream {
  constructor(
    private readonly events: EventsService,
    private readonly state: TerminalStateService,
  ) {}

  open(device: TerminalDevice, res: Response): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    const unsubscribe = this.events.subscribeArea({
      areaUuid: device.areaUuid,
      send: (e) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`),
      close: () => res.end(),
    });
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), 25_000);
    heartbeat.unref();
    let checking = false;
    const recheck = setInterval(() => {
      if (checking) return;
      checking = true;
      void this.state
        .deviceAlive(device.uuid)
        .then((ok) => {
          if (!ok) res.end();
        })
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    }, WALL_RECHECK_MS);
    recheck.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      clearInterval(recheck);
      unsubscribe();
    });
  }
}
