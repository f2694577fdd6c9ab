import { Injectable } from '@nestjs/common';

/** Called in the transaction that moved an occurrence into a finished status (category `terminada`). */
export type OccurrenceFinishedListener = (occurrenceUuid: string, byUuid: string) => Promise<void>;

/**
 * Modules that depend on the assigned tasks (problem reports) learn here that an occurrence was
 * finished, without the assigned tasks depending on them: they register a listener when they
 * start. A listener runs inside the update's transaction; a refusal undoes the update.
 */
@Injectable()
export class OccurrenceFinishedHooks {
  private readonly listeners: OccurrenceFinishedListener[] = [];

  listen(listener: OccurrenceFinishedListener): void {
    this.listeners.push(listener);
  }

  async finished(occurrenceUuid: string, byUuid: string): Promise<void> {
    for (const listener of this.listeners) await listener(occurrenceUuid, byUuid);
  }
}
