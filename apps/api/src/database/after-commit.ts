import { Injectable, Logger } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';

/** Where a request-wide transaction keeps the work that waits for its commit. */
const QUEUE = 'gestar.afterCommit';

export type DeferredWork = () => Promise<unknown> | unknown;

/**
 * Work that must only happen once a change is committed (live events, notifications). Outside a
 * request-wide transaction it runs at once (the services call it after their own commit); inside
 * one (the Idempotency-Key's, which holds the handler's writes and the key's completion) it waits
 * for that commit, and is dropped if the transaction rolls back.
 */
@Injectable()
export class AfterCommit {
  private readonly logger = new Logger('Transacciones');

  constructor(private readonly cls: ClsService) {}

  /** Runs `work` now, or after the commit of the request-wide transaction that is open. */
  async run(work: DeferredWork): Promise<void> {
    const queue = this.cls.isActive() ? this.cls.get<DeferredWork[] | undefined>(QUEUE) : undefined;
    if (queue) {
      queue.push(work);
      return;
    }
    await work();
  }

  /** Called inside a request-wide transaction's context: from here on `run` queues its work. */
  collect(): DeferredWork[] {
    const queue: DeferredWork[] = [];
    this.cls.set(QUEUE, queue);
    return queue;
  }

  /** After the commit: the queued work in order; a failure is logged (the change stands). */
  async flush(queue: readonly DeferredWork[]): Promise<void> {
    for (const work of queue) {
      try {
        await work();
      } catch (err) {
        this.logger.warn(`Falló un aviso posterior a la confirmación: ${(err as Error).message}`);
      }
    }
  }
}
