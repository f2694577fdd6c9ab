import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CronExpressionParser } from 'cron-parser';
import { PgBoss } from 'pg-boss';
import { JOB_LABELS, JOB_NAMES, type JobName, type JobStatusListResponse } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsRepository } from './jobs.repository';

/** A job that runs once per period across every API process. */
export interface RecurringJob {
  name: JobName;
  /** Minute, hour, day of month, month, weekday; read in the company time zone. */
  cron: string;
  /** One run; a rejection is retried with backoff (JOBS_RETRY_*), each failure recorded with its error. */
  run: () => Promise<unknown>;
  /** The longest a run may take before it counts as failed and is retried (default 15 minutes). */
  expireInSeconds?: number;
}

/** A queue of one-off jobs with data: any process that runs jobs works them, each once. */
export interface JobQueue<T extends object> {
  send(data: T, options?: { startAfterSeconds?: number; key?: string }): Promise<string | null>;
}

interface QueueDefinition {
  name: string;
  handler: (data: object) => Promise<unknown>;
  expireInSeconds?: number;
}

/** The runtime's own tables, in the application's database. */
export const JOBS_SCHEMA = 'pgboss';
/** How long a stopping process waits for its running jobs before handing them back (failed, retried elsewhere). */
const STOP_TIMEOUT_MS = 20_000;

/**
 * The one job runtime of the API (issue 32): pg-boss, in PostgreSQL (schema `pgboss` of the same
 * database, no other server). Modules register their recurring jobs and queues while the
 * application starts (`every`, `queue`); once it has started, a process with SCHEDULER_ENABLED
 * schedules and works them:
 * - a recurring job is sent once per period whatever the number of processes (the runtime elects
 *   one sender per period), and its queue holds one job queued or running at a time (policy
 *   `exclusive`): a slow run is never overlapped, here or in another process;
 * - a run that fails is retried with exponential backoff, and the last failure is kept with its
 *   error (the runtime's job row and `trabajos`);
 * - a process that dies mid-run stops its heartbeat: the job goes back to the queue and another
 *   process runs it. A process that stops waits for its running jobs (up to 20 s).
 * Exactly-once effects stay where they were (the keys of occurrences and reminders): a job run
 * twice after a crash produces nothing twice.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Trabajos');
  private readonly recurring = new Map<JobName, RecurringJob>();
  private readonly queues = new Map<string, QueueDefinition>();
  private boss: PgBoss | undefined;

  constructor(
    private readonly runs: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registers a recurring job (while the modules are built; the runtime starts after). */
  every(job: RecurringJob): void {
    CronExpressionParser.parse(job.cron, { tz: this.config.timezone });
    if (this.recurring.has(job.name)) throw new Error(`El trabajo ${job.name} ya está registrado`);
    this.recurring.set(job.name, job);
  }

  /** Registers a queue and answers how to send to it. */
  queue<T extends object>(name: string, handler: (data: T) => Promise<unknown>, options: { expireInSeconds?: number } = {}): JobQueue<T> {
    if (this.queues.has(name) || (JOB_NAMES as readonly string[]).includes(name)) throw new Error(`La cola ${name} ya está registrada`);
    this.queues.set(name, { name, handler: handler as (data: object) => Promise<unknown>, ...options });
    return {
      send: async (data, opts = {}) => {
        if (!this.boss) throw new Error(`La cola ${name} no recibe trabajos en este proceso (SCHEDULER_ENABLED=false)`);
        return this.boss.send(name, data, {
          ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
          ...(opts.key ? { singletonKey: opts.key } : {}),
        });
      },
    };
  }

  /** The registered recurring jobs, by name. */
  registered(): ReadonlyMap<JobName, RecurringJob> {
    return this.recurring;
  }

  /** Whether the runtime runs in this process. */
  get running(): boolean {
    return this.boss !== undefined;
  }

  /** The runtime itself (tests look at its jobs); undefined where it does not run. */
  get runtime(): PgBoss | undefined {
    return this.boss;
  }

  /**
   * Runs a recurring job here and now, as a worker would (its run recorded, a failure kept and
   * thrown), outside the runtime: for tests and for callers that need the result at once.
   */
  async runNow(name: JobName): Promise<unknown> {
    const job = this.recurring.get(name);
    if (!job) throw new Error(`No hay un trabajo ${name}`);
    return this.execute(name, job.run);
  }

  /** Sends one run of a recurring job now, to whichever process works it first. */
  async enqueue(name: JobName): Promise<string | null> {
    if (!this.boss) throw new Error(`El trabajo ${name} no corre en este proceso (SCHEDULER_ENABLED=false)`);
    return this.boss.send(name, {});
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.schedulerEnabled) return;
    const j = this.config.jobs;
    const boss = new PgBoss({
      connectionString: this.config.databaseUrl,
      schema: JOBS_SCHEMA,
      application_name: 'gestar-trabajos',
      max: 4,
      superviseIntervalSeconds: j.monitorSeconds,
      monitorIntervalSeconds: j.monitorSeconds,
      queueCacheIntervalSeconds: Math.min(60, j.monitorSeconds),
      cronMonitorIntervalSeconds: Math.min(10, Math.max(1, j.pollSeconds * 5)),
      cronWorkerIntervalSeconds: j.pollSeconds,
    });
    boss.on('error', (err: Error) => this.logger.warn(`Error del planificador de trabajos: ${err.message}`));
    await boss.start();
    this.boss = boss;
    const retries = {
      retryLimit: j.retryLimit,
      retryDelay: j.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: Math.max(j.retryDelaySeconds, 3600),
      heartbeatSeconds: j.heartbeatSeconds,
    };
    const work = { pollingIntervalSeconds: j.pollSeconds, localConcurrency: 1 };
    for (const job of this.recurring.values()) {
      const options = { ...retries, expireInSeconds: job.expireInSeconds ?? 15 * 60 };
      await boss.createQueue(job.name, { policy: 'exclusive', ...options });
      // A queue made by an earlier start keeps its policy; the rest follows the current settings.
      await boss.updateQueue(job.name, options);
      await boss.schedule(job.name, job.cron, {}, { tz: this.config.timezone });
      await boss.work(job.name, work, () => this.execute(job.name, job.run));
    }
    // A job this version no longer has is no longer sent (its runs stay in the runtime's tables until pruned).
    for (const old of await boss.getSchedules()) {
      if (!this.recurring.has(old.name as JobName)) await boss.unschedule(old.name, old.key);
    }
    for (const q of this.queues.values()) {
      const options = { ...retries, expireInSeconds: q.expireInSeconds ?? 15 * 60 };
      await boss.createQueue(q.name, { policy: 'standard', ...options });
      await boss.updateQueue(q.name, options);
      await boss.work<object>(q.name, work, async ([job]) => (job ? this.execute(q.name, () => q.handler(job.data ?? {})) : undefined));
    }
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** Stops scheduling and working here (the other processes go on). */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    // Running jobs finish (up to the timeout); those still running then go back to the queue.
    await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
  }

  /** Each job's period, last run, next run and last failure, for the administrator. */
  async statuses(now = new Date()): Promise<JobStatusListResponse> {
    const rows = new Map((await this.runs.all()).map((r) => [r.nombre, r]));
    const tz = this.config.timezone;
    return {
      activo: this.config.schedulerEnabled,
      zona_horaria: tz,
      data: JOB_NAMES.flatMap((name) => this.recurring.get(name) ?? []).map((job) => {
        const r = rows.get(job.name);
        return {
          nombre: job.name,
          descripcion: JOB_LABELS[job.name],
          periodicidad: job.cron,
          ultima_ejecucion: r?.ultima_ejecucion?.toISOString() ?? null,
          ultima_duracion_ms: r?.ultima_duracion_ms ?? null,
          proxima_ejecucion: CronExpressionParser.parse(job.cron, { tz, currentDate: now }).next().toDate().toISOString(),
          ultimo_fallo: r?.ultimo_fallo?.toISOString() ?? null,
          ultimo_error: r?.ultimo_error ?? null,
          ejecuciones: Number(r?.ejecuciones ?? 0),
          fallos: Number(r?.fallos ?? 0),
        };
      }),
    };
  }

  /** One run with its record: the good run's time, or the failure with its error (then thrown, for the retry). */
  private async execute(name: string, run: () => Promise<unknown>): Promise<undefined> {
    const started = Date.now();
    try {
      await run();
    } catch (err) {
      const reason = (err as Error)?.message || String(err);
      const label = (JOB_LABELS as Record<string, string>)[name] ?? name;
      this.logger.warn(`Falló el trabajo «${label}»; se reintenta más tarde: ${reason}`);
      await this.runs.failed(name, reason).catch(() => undefined);
      throw err;
    }
    await this.runs.succeeded(name, Date.now() - started).catch((err: Error) => this.logger.warn(err.message));
    return undefined;
  }
}
