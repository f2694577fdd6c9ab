import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Sql } from './sql';

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
