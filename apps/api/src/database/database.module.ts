import { Global, Module } from '@nestjs/common';
import { ClsModule } from 'nestjs-cls';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource } from 'typeorm';
import { AfterCommit } from './after-commit';
import { Db } from './db';

/**
 * The transaction context (docs/DECISIONS.md, "Data layer"): a method marked
 * `@Transactional()` opens a transaction that every `Db` query inside it joins, wherever it is
 * called from; no EntityManager travels through signatures.
 */
@Global()
@Module({
  imports: [
    ClsModule.forRoot({
      global: true,
      // A context per request: the transaction and the audited actor live in it.
      middleware: { mount: true },
      plugins: [
        new ClsPluginTransactional({
          adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: DataSource }),
        }),
      ],
    }),
  ],
  providers: [Db, AfterCommit],
  exports: [Db, AfterCommit],
})
export class DatabaseModule {}
