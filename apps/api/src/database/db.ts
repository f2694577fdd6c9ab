import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DataSource } from 'typeorm';
import type { Sql } from './sql';

type QueryRunner = ReturnType<DataSource['createQueryRunner']>;

/**
 * Runs `sql` statements on the current transaction's connection when a `@Transactional()`
 * method is running, otherwise on a pooled connection. Repositories inject this and nothing else
 * of the database layer.
 */
@Injectable()
export class Db {
  constructor(private readonly host: TransactionHost<TransactionalAdapterTypeOrm>) {}

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

  private async run<T>(statement: Sql): Promise<{ records: T[]; affected: number }> {
    const { text, values } = statement.toQuery();
    const em = this.host.tx;
    const runner = em.queryRunner ?? em.connection.createQueryRunner();
    try {
      const result = await runner.query(text, values, true);
      const records = (Array.isArray(result.records) ? result.records : []) as T[];
      return { records, affected: result.affected ?? records.length };
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
