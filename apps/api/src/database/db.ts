import { Injectable } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { TransactionHost } from '@nestjs-cls/transactional';
import { AUDIT_ACTOR, AuditActor } from '../common/audit/audit-context';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DataSource } from 'typeorm';
import type { Sql } from './sql';

type QueryRunner = ReturnType<DataSource['createQueryRunner']>;
/** The node-postgres client a runner holds: only the call used here. */
interface PgClient {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/**
 * Statements that run often are prepared, once per connection, under a name: PostgreSQL then
 * parses them once and, when the plan does not depend on the parameters, plans them once
 * (docs/DECISIONS.md, «Data layer»). A text gets its name the second time it is seen,
 * so one-off texts (a bulk insert of n rows) prepare nothing; both maps are bounded.
 */
const PREPARED_MAX = 400;
const LIKE_VALUE = /\bI?LIKE\s+(lower\()?(f_unaccent\()?\$\d/i;
const SEEN_MAX = 4000;
const seen = new Set<string>();
const prepared = new Map<string, string>();

export function statementName(text: string, parameters: number): string | undefined {
  // A text of several statements without parameters runs as a simple query, which cannot be named.
  if (parameters === 0 && text.includes(';')) return undefined;
  // A search (`LIKE` a pattern given as a value): its best plan depends on the pattern (a rare
  // word walks the list's order, a common one reads the trigram index), so it is planned with
  // its values every time. A prepared one soon got one plan for every pattern, twice the work.
  if (parameters > 0 && LIKE_VALUE.test(text)) return undefined;
  const name = prepared.get(text);
  if (name !== undefined || prepared.size >= PREPARED_MAX) return name;
  if (!seen.delete(text)) {
    if (seen.size < SEEN_MAX) seen.add(text);
    return undefined;
  }
  const given = `gestar_${prepared.size + 1}`;
  prepared.set(text, given);
  return given;
}

/** Transactions (their runners) that already carry the actor for the audit triggers. */
const ACTOR_SET = new WeakSet<object>();
const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b|^\s*WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b/i;
const SET_ACTOR = `SELECT set_config('gestar.actor', $1, true), set_config('gestar.ip', $2, true), set_config('gestar.terminal', $3, true)`;

/**
 * Runs `sql` statements on the current transaction's connection when a `@Transactional()`
 * method is running, otherwise on a pooled connection. Repositories inject this and nothing else
 * of the database layer.
 */
@Injectable()
export class Db {
  constructor(
    private readonly host: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly cls: ClsService,
  ) {}

  /** The rows a statement returns (SELECT, or RETURNING of a write). */
  async query<T>(statement: Sql): Promise<T[]> {
    return (await this.run<T>(statement)).records;
  }

  /** The first row, or null. */
  async one<T>(statement: Sql): Promise<T | null> {
    return (await this.run<T>(statement)).records[0] ?? null;
  }

  /** Runs a write; answers how many rows it touched. */
  async execute(statement: Sql): Promise<number> {
    return (await this.run(statement)).affected;
  }

  /**
   * A pooled connection of its own, outside any transaction of the context, held until
   * `release()`: for work that spans awaits the caller does not control (a cursor read by an
   * async generator).
   */
  async session(): Promise<DbSession> {
    const runner = this.host.tx.connection.createQueryRunner();
    await runner.connect();
    return new DbSession(runner);
  }

  /** True when a transaction is open in the current context. */
  get inTransaction(): boolean {
    return this.host.isTransactionActive();
  }

  /**
   * The person the current request acts for, handed to PostgreSQL so the audit triggers record
   * who made each change (DECISIONS.md, "Audit log"): once per transaction, or around a single
   * write that runs outside one.
   */
  private actor(): AuditActor | undefined {
    return this.cls.isActive() ? this.cls.get<AuditActor | undefined>(AUDIT_ACTOR) : undefined;
  }

  private async run<T>(statement: Sql): Promise<{ records: T[]; affected: number }> {
    const { text, values } = statement.toQuery();
    const em = this.host.tx;
    const runner = em.queryRunner ?? em.connection.createQueryRunner();
    const actor = this.actor();
    const alone = !em.queryRunner && actor !== undefined && WRITE.test(text);
    try {
      const client = (await runner.connect()) as PgClient;
      const send = (t: string, v: unknown[]) => client.query({ text: t, values: v, name: statementName(t, v.length) });
      if (actor && em.queryRunner && !ACTOR_SET.has(runner)) {
        await send(SET_ACTOR, [actor.uuid ?? '', actor.ip ?? '', actor.terminal ?? '']);
        ACTOR_SET.add(runner);
      }
      if (alone) {
        await runner.startTransaction();
        await send(SET_ACTOR, [actor.uuid ?? '', actor.ip ?? '', actor.terminal ?? '']);
      }
      const result = await send(text, values);
      if (alone) await runner.commitTransaction();
      const records = (Array.isArray(result.rows) ? result.rows : []) as T[];
      return { records, affected: result.rowCount ?? records.length };
    } catch (err) {
      if (alone && runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      if (!em.queryRunner) await runner.release();
    }
  }
}

/** One connection held by its user; see `Db.session`. */
export class DbSession {
  constructor(private readonly runner: QueryRunner) {}

  async query<T>(statement: Sql): Promise<T[]> {
    const { text, values } = statement.toQuery();
    const result = await this.runner.query(text, values, true);
    return (Array.isArray(result.records) ? result.records : []) as T[];
  }

  begin(isolation: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE'): Promise<void> {
    return this.runner.startTransaction(isolation);
  }

  commit(): Promise<void> {
    return this.runner.commitTransaction();
  }

  /** Rolls back what is still open, then gives the connection back to the pool. */
  async release(): Promise<void> {
    if (this.runner.isTransactionActive) await this.runner.rollbackTransaction().catch(() => undefined);
    await this.runner.release();
  }
}
