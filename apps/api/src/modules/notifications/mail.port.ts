import { Logger } from '@nestjs/common';
import { createTransport } from 'nodemailer';

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

/** nodemailer over SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for TLS from the start). */
export class SmtpMailAdapter implements MailPort {
  readonly enabled = true;
  private readonly transport;

  /** `timeoutMs`: how long each step (connect, greeting, any answer) may take before the try fails. */
  constructor(url: string, from: string, timeoutMs: number) {
    this.transport = createTransport(
      { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs },
      { from },
    );
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ to: m.to, subject: m.subject, text: m.text, html: m.html });
  }

  close(): void {
    this.transport.close();
  }
}

export function mailPortFor(config: { smtpUrl?: string; mailFrom: string; smtpTimeoutMs: number }): MailPort {
  const logger = new Logger('Correo');
  if (!config.smtpUrl) {
    logger.log('Correo desactivado: SMTP_URL no está configurada');
    return new NoopMailAdapter();
  }
  try {
    return new SmtpMailAdapter(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs);
  } catch (err) {
    logger.error(`Correo desactivado: SMTP_URL no es válida (${(err as Error).message})`);
    return new NoopMailAdapter();
  }
}
