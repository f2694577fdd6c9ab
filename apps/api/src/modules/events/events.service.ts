import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '../../config';
import { AfterCommit } from '../../database/after-commit';
import type { AuthUser, UserState } from '../../common/auth/auth-user';
import { inScope, watchScope } from '../../common/access/access';
import { packEvents, unpackEvents } from './events-wire';
import { terminalReach } from '../../common/auth/terminal-state.service';
import { EVENTS_CHANNEL, EventsRepository, StreamHolderRow } from './events.repository';

/**
 * Who should hear an event: the listed users, plus (with `areaUuid`) everyone who may
 * watch that area's assigned tasks (`watchScope`, from the contracts' AREA_WATCHERS).
 * `everyone` reaches every connected user.
 */
export interface EventAudience {
  userUuids?: string[];
  areaUuid?: string | null;
  everyone?: boolean;
}

/** What travels between processes and down to the browsers (`data` is sent as is: keep it small, no secrets). */
export interface AppEvent {
  type: string;
  data: Record<string, unknown>;
  audience: EventAudience;
}

type Pending = { payload: string; type: string; done: () => void };

type Listener = {
  user: AuthUser;
  send: (event: { type: string; data: Record<string, unknown> }) => void;
  /** Ends the stream; an open stream would otherwise keep the HTTP server from closing on shutdown. */
  close?: () => void;
};

/** A wall board's stream: the events about one area, heard with no person (its terminal is rechecked by its controller). */
type AreaListener = {
  areaUuid: string;
  send: (event: { type: string; data: Record<string, unknown> }) => void;
  close?: () => void;
};

/** Whether a person's role and areas are still those a stream was opened with. */
export function sameAccess(
  a: Pick<UserState, 'rolUuid' | 'permisos' | 'areaUuids'>,
  b: Pick<UserState, 'rolUuid' | 'permisos' | 'areaUuids'>,
): boolean {
  return (
    a.rolUuid === b.rolUuid &&
    a.permisos.join() === b.permisos.join() &&
    [...a.areaUuids].sort().join() === [...b.areaUuids].sort().join()
  );
}

/** A person's permissions as a stream of theirs holds them: cut to an operario's at a terminal. */
export function reachOf(user: Pick<AuthUser, 'terminalUuid'>, permisos: readonly string[]): readonly string[] {
  return user.terminalUuid ? terminalReach(permisos) : permisos;
}

export function canHear(user: AuthUser, audience: EventAudience): boolean {
  if (audience.everyone) return true;
  if (audience.userUuids?.includes(user.uuid)) return true;
  if (audience.areaUuid) {
    return inScope(watchScope(user), audience.areaUuid);
  }
  return false;
}

/**
 * Live events across every API process: `publish` sends a PostgreSQL NOTIFY; each
 * process LISTENs on one dedicated connection and fans events out to its open
 * server-sent-event streams, filtered by audience.
 *
 * Events published in the same turn of the event loop (e.g. `Promise.all` over the
 * occurrences of a scheduler tick) are coalesced: packed into as few payloads as fit
 * (events-wire.ts), all sent by one statement (one transaction), instead of one NOTIFY
 * and one commit per event. Order is kept. What reaches the browsers is unchanged: one
 * SSE message per event.
 */
@Injectable()
export class EventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Events');
  private readonly listeners = new Set<Listener>();
  private readonly areaListeners = new Set<AreaListener>();
  private client: Client | null = null;
  private closing = false;
  private retryMs = 500;
  private queue: Pending[] = [];
  /** The running drain, if any: events queued meanwhile are sent by it. */
  private draining: Promise<void> | null = null;
  /** The delivery under way: notifications go down the streams one after another, in the order received. */
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: EventsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly afterCommit: AfterCommit,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    // Events already published by committed changes still go out.
    await this.draining;
    await this.delivering;
    for (const l of [...this.listeners, ...this.areaListeners]) {
      l.send({ type: 'server.closing', data: {} });
      l.close?.();
    }
    this.listeners.clear();
    this.areaListeners.clear();
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closing) return;
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('error', (err) => {
      this.logger.warn(`Conexión de eventos perdida: ${err.message}`);
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    client.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      try {
        void this.dispatch(unpackEvents(msg.payload) as AppEvent[]);
      } catch (err) {
        this.logger.warn(`Evento ilegible: ${(err as Error).message}`);
      }
    });
    try {
      await client.connect();
      await this.repo.listen(client);
      this.client = client;
      this.retryMs = 500;
    } catch (err) {
      this.logger.warn(`No se pudo escuchar eventos: ${(err as Error).message}`);
      this.reconnectLater(client);
    }
  }

  private reconnectLater(client: Client): void {
    if (this.closing || (this.client && this.client !== client)) return;
    this.client = null;
    client.removeAllListeners();
    client.end().catch(() => undefined);
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => void this.connect(), wait).unref();
  }

  /**
   * Announce an event to every API process (after the change is committed). Resolves
   * once the NOTIFY carrying it is sent (or failed: never rejects). Call it for many
   * events at once without awaiting each (`Promise.all`) and they share one statement.
   * Inside a request-wide transaction (an Idempotency-Key's) it is sent after that commit.
   */
  publish(event: AppEvent): Promise<void> {
    return this.afterCommit.run(() => this.send(event));
  }

  private send(event: AppEvent): Promise<void> {
    return new Promise<void>((done) => {
      this.queue.push({ payload: JSON.stringify(event), type: event.type, done });
      // Started after the current synchronous run, so that every event published in it joins the batch.
      this.draining ??= Promise.resolve().then(() => this.drain());
    });
  }

  /** Sends what is queued, batch after batch, until the queue is empty. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        try {
          const { payloads, tooLarge } = packEvents(batch.map((p) => p.payload));
          for (const i of tooLarge)
            this.logger.warn(`No se pudo publicar el evento ${batch[i].type}: supera el límite de NOTIFY`);
          if (payloads.length) {
            await this.repo.notify(payloads);
          }
        } catch (err) {
          // A lost live event only delays a refresh; the write itself already succeeded.
          const types = [...new Set(batch.map((p) => p.type))].join(', ');
          this.logger.warn(`No se pudo publicar ${batch.length} evento(s) ${types}: ${(err as Error).message}`);
        } finally {
          for (const p of batch) p.done();
        }
      }
    } finally {
      this.draining = null;
    }
  }

  /**
   * Deliver to this process's streams (called for every NOTIFY received), after the previous
   * delivery. Resolves once the events are written to the streams (never rejects).
   */
  dispatch(events: readonly AppEvent[]): Promise<void> {
    this.delivering = this.delivering.then(() =>
      this.deliver(events).catch((err: Error) => this.logger.warn(`No se pudieron entregar eventos: ${err.message}`)),
    );
    return this.delivering;
  }

  /**
   * A stream hears an event only if, at this moment, its session is open, its person active and
   * their role and areas those it was opened with: read from the database for the streams that
   * would hear it, so that a deactivation or a closed session in any process stops the next event
   * (the controller's timer only closes quiet streams). A stream that fails the check is closed.
   */
  private async deliver(events: readonly AppEvent[]): Promise<void> {
    for (const l of this.areaListeners) {
      for (const e of events) if (e.audience.areaUuid === l.areaUuid) l.send({ type: e.type, data: e.data });
    }
    const hearing = new Map<Listener, AppEvent[]>();
    for (const l of this.listeners) {
      const heard = events.filter((e) => canHear(l.user, e.audience));
      if (heard.length) hearing.set(l, heard);
    }
    if (!hearing.size) return;
    const sesiones = [...new Set([...hearing.keys()].map((l) => l.user.sesionUuid))];
    const holders = new Map<string, StreamHolderRow>();
    for (const row of await this.repo.streamHolders(sesiones)) holders.set(row.sesion_uuid, row);
    const now = Date.now();
    for (const [l, heard] of hearing) {
      // Gone while the check ran.
      if (!this.listeners.has(l)) continue;
      const row = holders.get(l.user.sesionUuid);
      const allowed =
        row !== undefined &&
        row.usuario_uuid === l.user.uuid &&
        now < l.user.tokenExp * 1000 &&
        sameAccess(
          { rolUuid: row.rol_uuid, permisos: reachOf(l.user, row.permisos ?? []), areaUuids: row.areas ?? [] },
          l.user,
        );
      if (!allowed) {
        this.listeners.delete(l);
        l.close?.();
        continue;
      }
      for (const e of heard) l.send({ type: e.type, data: e.data });
    }
  }

  /** A wall board's stream of one area's events. */
  subscribeArea(listener: AreaListener): () => void {
    this.areaListeners.add(listener);
    return () => this.areaListeners.delete(listener);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get connectionCount(): number {
    return this.listeners.size;
  }
}
