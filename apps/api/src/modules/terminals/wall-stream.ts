import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { TerminalDevice } from '../../common/auth/terminal-state.service';
import { TerminalStateService } from '../../common/auth/terminal-state.service';
import { openEventStream } from '../events/event-stream';
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
    openEventStream(
      res,
      (sink) => this.events.subscribeArea({ areaUuid: device.areaUuid, ...sink }),
      () => this.state.deviceAlive(device.uuid),
      WALL_RECHECK_MS,
    );
  }
}
