import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How events travel between API processes in NOTIFY payloads. A payload is either a
 * JSON array of events (or a single event object, as older processes sent), or, for a
 * bulk publish, `z:` followed by the base64 of that array deflated: JSON full of uuids
 * shrinks to about a third, and NOTIFY's cost grows with the bytes queued.
 */

/** Largest NOTIFY payload, in bytes: PostgreSQL refuses 8000 or more (default build). */
export const NOTIFY_PAYLOAD_LIMIT = 7999;

/** Raw JSON gathered into one compressed payload (deflated, it fits NOTIFY_PAYLOAD_LIMIT most of the time). */
export const COMPRESS_INPUT_BYTES = 16_000;

const COMPRESSED = 'z:';

/** An inflated payload larger than this is refused (it cannot come from packEvents). */
const MAX_INFLATED_BYTES = 1 << 20;

export interface Packed {
  payloads: string[];
  /** Positions (in the input) of events too large for any payload: not sent. */
  tooLarge: number[];
}

/**
 * Packs serialized events, in order, into as few payloads as fit: what fits one payload
 * as plain JSON stays plain (a single user action stays readable); larger groups are
 * compressed, halved until each part fits.
 */
export function packEvents(events: readonly string[]): Packed {
  const payloads: string[] = [];
  const tooLarge: number[] = [];
  let chunk: string[] = [];
  let bytes = 2; // the brackets
  const flush = (): void => {
    if (chunk.length) payloads.push(...encode(chunk));
    chunk = [];
    bytes = 2;
  };
  events.forEach((event, i) => {
    const size = Buffer.byteLength(event);
    if (size + 2 > NOTIFY_PAYLOAD_LIMIT) {
      tooLarge.push(i);
      return;
    }
    // Each event after the first also takes a comma.
    if (chunk.length && bytes + 1 + size > COMPRESS_INPUT_BYTES) flush();
    bytes += (chunk.length ? 1 : 0) + size;
    chunk.push(event);
  });
  flush();
  return { payloads, tooLarge };
}

function encode(chunk: readonly string[]): string[] {
  const json = `[${chunk.join(',')}]`;
  if (Buffer.byteLength(json) <= NOTIFY_PAYLOAD_LIMIT) return [json];
  const compressed = COMPRESSED + deflateRawSync(json, { level: 1 }).toString('base64');
  if (compressed.length <= NOTIFY_PAYLOAD_LIMIT) return [compressed];
  // Hardly compressible: two halves (a single event always fits plain, see packEvents).
  const half = Math.ceil(chunk.length / 2);
  return [...encode(chunk.slice(0, half)), ...encode(chunk.slice(half))];
}

/** The events of one payload, in order. Throws on a payload that is not one of ours. */
export function unpackEvents(payload: string): unknown[] {
  const json = payload.startsWith(COMPRESSED)
    ? inflateRawSync(Buffer.from(payload.slice(COMPRESSED.length), 'base64'), {
        maxOutputLength: MAX_INFLATED_BYTES,
      }).toString('utf8')
    : payload;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed : [parsed];
}
