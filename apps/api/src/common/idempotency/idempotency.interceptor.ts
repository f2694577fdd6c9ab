import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, Observable } from 'rxjs';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { AfterCommit } from '../../database/after-commit';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_HOURS, MESSAGES } from '@gestar/contracts';
import { AppException, badRequest, conflict } from '../http/app-exception';
import { multipartContent, readMultipart } from '../http/multipart';
import type { AuthUser } from '../auth/auth-user';
import { IdempotencyRepository } from './idempotency.repository';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A claim this old whose request never finished belongs to a process that stopped. */
const STALE_SECONDS = 120;

/**
 * The request's fingerprint: method, path with query, and body; for an upload its text fields,
 * the file's name and a hash of its bytes (another file under the same key is not a replay).
 * An upload's body must have been read (`readMultipart`).
 */
export function fingerprint(req: Request): string {
  const body = req.is('multipart/form-data') ? multipartContent(req) : JSON.stringify(req.body ?? null);
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${body}`).digest('hex');
}

/**
 * `Idempotency-Key` on every authenticated write (DECISIONS.md, "Idempotency-Key on every write"): the same
 * key with the same request within 24 hours answers the first answer again without running the
 * handler; with another request, 422. Keys belong to the user who sent them.
 *
 * The claim, the handler and the key's completion run in one transaction: the write and the key
 * commit together, and a request that is refused or fails, or whose database connection is lost
 * (PostgreSQL restarted, the process stopped), leaves neither, so the retry runs it again at once.
 * A second request with the same key waits on the first one's claim and then answers its answer
 * (or runs, if the first wrote nothing). The services' own transactions join it; live events and
 * notifications wait for its commit. A claim committed unfinished (by an earlier version, which
 * claimed outside the transaction) is refused as in flight and taken over after STALE_SECONDS.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly tx: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly afterCommit: AfterCommit,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const raw = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (raw === undefined || !WRITE_METHODS.has(req.method) || !req.user) return next.handle();
    const given = Array.isArray(raw) ? raw.join(',') : raw.trim();
    if (!UUID.test(given)) throw badRequest(MESSAGES.errors.idempotencyKeyInvalid);
    const key = given.toLowerCase();
    const user = req.user.uuid;
    const res = ctx.switchToHttp().getResponse<Response>();
    const status: number =
      Reflect.getMetadata(HTTP_CODE_METADATA, ctx.getHandler()) ?? (req.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);

    // An upload's bytes are read first: its fingerprint covers them.
    const read = req.is('multipart/form-data') ? readMultipart(req, res) : Promise.resolve();
    return from(read.then(() => this.claimRunAndComplete(next, user, key, fingerprint(req), status))).pipe(
      map((outcome) => {
        if (outcome.replayed) res.setHeader('Idempotency-Replayed', 'true');
        return outcome.body;
      }),
    );
  }

  /** The claim, the handler and the key's completion in one transaction; then what waited for the commit. */
  private async claimRunAndComplete(
    next: CallHandler,
    user: string,
    key: string,
    print: string,
    status: number,
  ): Promise<{ replayed: boolean; body: unknown }> {
    let deferred: ReturnType<AfterCommit['collect']> = [];
    const outcome = await this.tx.withTransaction(async () => {
      const replay = await this.begin(user, key, print);
      if (replay) return { replayed: true, body: replay.respuesta };
      deferred = this.afterCommit.collect();
      const answer = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await this.keys.complete(user, key, status, answer);
      return { replayed: false, body: answer as unknown };
    });
    await this.afterCommit.flush(deferred);
    return outcome;
  }

  /** Owns the key (null: run the handler) or answers the stored answer; refuses a reused or busy key. */
  private async begin(user: string, key: string, print: string): Promise<{ respuesta: unknown } | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.keys.claim(user, key, print, IDEMPOTENCY_TTL_HOURS)) return null;
      const row = await this.keys.find(user, key);
      if (!row) continue; // expired or freed between the two statements: claim again
      if (row.huella !== print) throw new AppException(HttpStatus.UNPROCESSABLE_ENTITY, MESSAGES.errors.idempotencyKeyReused);
      if (row.completada) return { respuesta: row.respuesta };
      if (row.edad_s >= STALE_SECONDS && (await this.keys.reclaimStale(user, key, print, STALE_SECONDS))) return null;
      throw conflict(MESSAGES.errors.idempotencyKeyInFlight);
    }
    throw conflict(MESSAGES.errors.idempotencyKeyInFlight);
  }
}
