import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

/** What the test's SMTP server does with the next messages. */
export type SmtpMode = 'accept' | 'reject' | 'hang';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  mode: SmtpMode;
  /** Waits (bounded) until `n` messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that parses what it receives.
 * In `reject` mode it answers every recipient 451; in `hang` mode it accepts the connection and
 * then says nothing for 20 seconds (a server that stopped answering).
 */
export async function startSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const state: TestSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    mode: 'accept',
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (state.received.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onConnect(_session, callback) {
      if (state.mode === 'hang') setTimeout(() => callback(), 20_000).unref();
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (state.mode === 'reject') {
        const err = Object.assign(new Error('Buzón no disponible, intente más tarde'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return state;
}
