import { Logger } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { SmtpSettings } from '../../config';

/** One e-mail: a Spanish subject, a plain-text body and its HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The project's own mail port: the notification rules never see nodemailer. */
export interface MailPort {
  /** True when an SMTP server is behind the port. */
  readonly enabled: boolean;
  /** Resolves once the server accepted the message; rejects with the server's reason. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const MAIL_PORT = Symbol('MAIL_PORT');

/** Without SMTP_URL: nothing goes by e-mail (said once at start); the log records why. */
export class NoopMailAdapter implements MailPort {
  readonly enabled = false;
  send(): Promise<void> {
    return Promise.reject(new Error('El correo no está configurado'));
  }
  close(): void {}
}

/**
 * Headers of every message: it is sent by a program (RFC 3834), so mail servers and clients send
 * no out-of-office or other automatic reply to it (Exchange reads its own header for that).
 */
export const AUTOMATIC_MAIL_HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' } as const;

/**
 * nodemailer over SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for TLS from the start).
 * With `requireTls` the connection ends before authenticating unless STARTTLS succeeded: the
 * password never travels in clear.
 */
export class SmtpMailAdapter implements MailPort {
  readonly enabled = true;
  private readonly transport;

  /** `timeoutMs`: how long each step (connect, greeting, any answer) may take before the try fails. */
  constructor(smtp: SmtpSettings, from: string, timeoutMs: number) {
    this.transport = createTransport(
      {
        url: smtp.url,
        requireTLS: smtp.requireTls,
        ...(smtp.user !== undefined || smtp.pass !== undefined ? { auth: { user: smtp.user ?? '', pass: smtp.pass ?? '' } } : {}),
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      },
      { from },
    );
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: { ...AUTOMATIC_MAIL_HEADERS } });
  }

  close(): void {
    this.transport.close();
  }
}

export function mailPortFor(config: { smtp?: SmtpSettings; mailFrom: string; smtpTimeoutMs: number }): MailPort {
  const logger = new Logger('Correo');
  if (!config.smtp) {
    logger.log('Correo desactivado: SMTP_URL no está configurada');
    return new NoopMailAdapter();
  }
  try {
    return new SmtpMailAdapter(config.smtp, config.mailFrom, config.smtpTimeoutMs);
  } catch (err) {
    logger.error(`Correo desactivado: SMTP_URL no es válida (${(err as Error).message})`);
    return new NoopMailAdapter();
  }
}
