import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DELIVERY_SKIP_REASONS, MESSAGES } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsService } from '../../common/jobs/jobs.service';
import { DeliveriesRepository } from './deliveries.repository';
import { notificationMail } from './mail-template';
import { MAIL_PORT, type MailPort } from './mail.port';

/** Tries an e-mail gets: the first, then after 1, 5, 30 and 120 minutes. */
export const MAIL_BACKOFF_MINUTES = [1, 5, 30, 120] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_BACKOFF_MINUTES.length + 1;
/** E-mails claimed per round (each process sends its claims one after another). */
const BATCH = 20;

/**
 * A refusal no retry changes: a 5xx answer to a recipient or to the message (RFC 5321: a permanent
 * negative reply). A 5xx to the greeting, the sign-in or the sender says the server's settings are
 * wrong, for every message alike: those are retried, so they go once the settings are fixed.
 */
export function isPermanentRefusal(err: unknown): boolean {
  const { responseCode, command } = (err ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && /^(RCPT TO|DATA)\b/i.test(String(command ?? ''));
}

const N = MESSAGES.notifications;
/** nodemailer's error codes, in the Spanish the delivery log shows. */
const MAIL_ERROR_TEXTS: Record<string, string> = {
  ECONNECTION: N.emailErrorConnection,
  ESOCKET: N.emailErrorConnection,
  EDNS: N.emailErrorConnection,
  ETIMEDOUT: N.emailErrorTimeout,
  EENVELOPE: N.emailErrorEnvelope,
  EMESSAGE: N.emailErrorMessage,
  EAUTH: N.emailErrorAuth,
  ETLS: N.emailErrorTls,
  EREQUIRETLS: N.emailErrorTls,
  EPROTOCOL: N.emailErrorProtocol,
};

/** Why a try failed: in Spanish when the kind is known, with the server's own words in parentheses. */
export function mailFailureReason(err: unknown): string {
  const raw = (err as Error)?.message || String(err);
  const text = MAIL_ERROR_TEXTS[String((err as { code?: unknown })?.code ?? '')];
  return text ? `${text} (${raw})` : raw;
}

export interface MailFlushResult {
  enviadas: number;
  fallidas: number;
}

/**
 * Sends the e-mails the delivery log holds: right after a notification queued one (`kick`,
 * never awaited by the request), and every minute for the retries that came due (the job
 * `mail-retries`, in the processes that run background work, SCHEDULER_ENABLED). Each e-mail is claimed by one process
 * (FOR UPDATE SKIP LOCKED); a failure is recorded with the server's reason and tried again
 * with backoff, up to MAIL_MAX_ATTEMPTS.
 */
@Injectable()
export class MailOutbox implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Correo');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<MailFlushResult> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.every({ name: 'mail-retries', cron: '* * * * *', run: () => this.flush() });
  }

  /** Soon, not now: the caller's response does not wait for SMTP. */
  kick(): void {
    if (!this.mail.enabled || this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((err: Error) => this.logger.warn(`No se pudieron enviar los correos: ${err.message}`));
    }, 0);
  }

  /**
   * Sends everything due by `now`; a call while a round runs waits for it and one more round.
   * Answers what this call's rounds sent and what failed.
   */
  async flush(now?: Date): Promise<MailFlushResult> {
    if (!this.mail.enabled) return { enviadas: 0, fallidas: 0 };
    if (this.running) {
      // The running call goes round once more before it settles.
      this.again = true;
      return this.running;
    }
    this.running = this.rounds(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async rounds(now: Date | undefined): Promise<MailFlushResult> {
    const total = { enviadas: 0, fallidas: 0 };
    do {
      this.again = false;
      for (;;) {
        const at = now ?? new Date();
        const claimed = await this.deliveries.claimMail(at, BATCH);
        if (!claimed.length) break;
        for (const m of claimed) {
          if (!m.destino) {
            await this.deliveries.settleMail(m.uuid, { estado: 'omitida', motivo: DELIVERY_SKIP_REASONS.noAddress, proximoIntento: null });
            continue;
          }
          try {
            await this.mail.send(
              notificationMail(m.destino, { titulo: m.titulo, mensaje: m.mensaje, tareaAsignadaUuid: m.tarea_asignada_uuid }, this.config),
            );
            await this.deliveries.settleMail(m.uuid, { estado: 'enviada', motivo: null, proximoIntento: null });
            total.enviadas++;
          } catch (err) {
            const reason = mailFailureReason(err);
            const permanent = isPermanentRefusal(err);
            const last = permanent || m.intentos >= MAIL_MAX_ATTEMPTS;
            const proximoIntento = last ? null : new Date(at.getTime() + MAIL_BACKOFF_MINUTES[m.intentos - 1] * 60_000);
            const motivo = permanent
              ? `${MESSAGES.notifications.emailRefusedPermanently}${reason}`
              : last
                ? `No se pudo enviar después de ${m.intentos} intentos: ${reason}`
                : `No se pudo enviar (intento ${m.intentos} de ${MAIL_MAX_ATTEMPTS}): ${reason}`;
            await this.deliveries.settleMail(m.uuid, { estado: 'fallida', motivo: motivo.slice(0, 1000), proximoIntento });
            total.fallidas++;
            if (!last) this.logger.warn(`Correo a ${m.destino} no enviado; se reintenta: ${reason}`);
            else this.logger.error(`Correo a ${m.destino} no enviado después de ${m.intentos} intentos: ${reason}`);
          }
        }
      }
    } while (this.again && !this.closed);
    return total;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    this.mail.close();
  }
}
