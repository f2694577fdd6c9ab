import { randomBytes, randomUUID } from 'node:crypto';
import { NOTIFY_PAYLOAD_LIMIT, packEvents, unpackEvents } from './events-wire';

function event(i: number, extra = ''): string {
  const empleado = randomUUID();
  return JSON.stringify({
    type: 'assigned-task.changed',
    data: { uuid: randomUUID(), tarea_uuid: randomUUID(), empleado_uuid: empleado, cambio: 'asignacion', n: i, extra },
    audience: { userUuids: [empleado], areaUuid: randomUUID() },
  });
}

function roundTrip(payloads: string[]): unknown[] {
  return payloads.flatMap((p) => unpackEvents(p));
}

describe('events wire format', () => {
  it('sends one event as a plain JSON array', () => {
    const e = event(1);
    const { payloads, tooLarge } = packEvents([e]);
    expect(payloads).toEqual([`[${e}]`]);
    expect(tooLarge).toEqual([]);
    expect(roundTrip(payloads)).toEqual([JSON.parse(e)]);
  });

  it('packs thousands of events, in order, into compressed payloads that PostgreSQL accepts', () => {
    const events = Array.from({ length: 2000 }, (_, i) => event(i, 'Tarea programada: revisión del depósito ñandú'));
    const { payloads, tooLarge } = packEvents(events);
    expect(tooLarge).toEqual([]);
    expect(payloads.every((p) => Buffer.byteLength(p) <= NOTIFY_PAYLOAD_LIMIT)).toBe(true);
    expect(payloads.some((p) => p.startsWith('z:'))).toBe(true);
    // Far fewer bytes than one plain event per payload.
    const plainBytes = events.reduce((n, e) => n + Buffer.byteLength(e), 0);
    expect(payloads.reduce((n, p) => n + p.length, 0)).toBeLessThan(plainBytes / 2);
    expect(roundTrip(payloads)).toEqual(events.map((e) => JSON.parse(e)));
  });

  it('splits what hardly compresses until every payload fits, and counts bytes, not characters', () => {
    const events = Array.from({ length: 40 }, (_, i) =>
      event(i, randomBytes(1500).toString('base64') + 'á'.repeat(300)),
    );
    const { payloads, tooLarge } = packEvents(events);
    expect(tooLarge).toEqual([]);
    expect(payloads.every((p) => Buffer.byteLength(p) <= NOTIFY_PAYLOAD_LIMIT)).toBe(true);
    expect(roundTrip(payloads)).toEqual(events.map((e) => JSON.parse(e)));
  });

  it('reports an event too large for any payload and sends the others', () => {
    const big = event(2, 'é'.repeat(NOTIFY_PAYLOAD_LIMIT / 2));
    const events = [event(1), big, event(3)];
    const { payloads, tooLarge } = packEvents(events);
    expect(tooLarge).toEqual([1]);
    expect(roundTrip(payloads)).toEqual([JSON.parse(events[0]), JSON.parse(events[2])]);
  });

  it('reads a single event object, as processes sent before batching', () => {
    const e = event(1);
    expect(unpackEvents(e)).toEqual([JSON.parse(e)]);
  });

  it('throws on a payload that is not one of ours', () => {
    expect(() => unpackEvents('z:no-es-base64-deflate')).toThrow();
    expect(() => unpackEvents('hola')).toThrow();
  });
});
