import type { Response } from 'express';

/** Between comments that keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** What `subscribe` hands back for one open stream: how to send an event and how to end it. */
export interface StreamSink {
  send: (e: { type: string; data: Record<string, unknown> }) => void;
  close: () => void;
}

/**
 * Opens `res` as a stream of server-sent events (`event: <type>` / `data: <json>`), subscribes
 * it with `subscribe` and keeps it alive: a heartbeat comment, and every `recheckMs` a check that
 * whoever opened it may still hear it (`stillAllowed`; false or a failed check ends the stream,
 * one check at a time). The subscription and the timers end when the response closes, for a
 * client that goes away and for our own end() alike.
 */
export function openEventStream(
  res: Response,
  subscribe: (sink: StreamSink) => () => void,
  stillAllowed: () => Promise<boolean>,
  recheckMs: number,
): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
  const unsubscribe = subscribe({
    send: (e) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`),
    close: () => res.end(),
  });
  const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
  heartbeat.unref();
  let checking = false;
  const recheck = setInterval(() => {
    if (checking) return;
    checking = true;
    void stillAllowed()
      .then((ok) => {
        if (!ok) res.end();
      })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, recheckMs);
  recheck.unref();
  res.on('close', () => {
    clearInterval(heartbeat);
    clearInterval(recheck);
    unsubscribe();
  });
}
