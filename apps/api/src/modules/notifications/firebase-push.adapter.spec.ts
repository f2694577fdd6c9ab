import type { BatchResponse, MulticastMessage, SendResponse } from 'firebase-admin/messaging';
import { FirebasePushAdapter, MulticastSender, readServiceAccount } from './firebase-push.adapter';

type FailureCode = string;

/**
 * A recording stand-in for firebase-admin's Messaging: it keeps every multicast
 * it is given and answers per token, failing the tokens listed in `failures`.
 */
class RecordingMessaging implements MulticastSender {
  readonly calls: MulticastMessage[] = [];
  constructor(
    private readonly failures: Record<string, FailureCode> = {},
    private readonly throwOnCall?: number,
  ) {}

  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
    this.calls.push(structuredClone(message));
    if (this.throwOnCall === this.calls.length) return Promise.reject(new Error('FCM no disponible'));
    const responses = message.tokens.map((t): SendResponse => {
      const code = this.failures[t];
      if (!code) return { success: true, messageId: `m-${t}` };
      const error = Object.assign(new Error(code), {
        code,
        cause: undefined as Error | undefined,
        hasCode: (c: string) => c === code || `messaging/${c}` === code,
        toJSON: () => ({ code, message: code }),
      });
      return { success: false, error };
    });
    const successCount = responses.filter((r) => r.success).length;
    return Promise.resolve({ responses, successCount, failureCount: responses.length - successCount });
  }
}

const tokens = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const message = { titulo: 'Aviso', mensaje: 'Reunión a las 10', data: { tipo: 'notificacion' } };

describe('FirebasePushAdapter', () => {
  it('sends the notification title and body, a webpush notification and string data', async () => {
    const fake = new RecordingMessaging();
    const result = await new FirebasePushAdapter(fake).sendToTokens(['a', 'b'], message);
    expect(result).toEqual({ successCount: 2, invalidTokens: [], failures: [] });
    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0];
    expect(sent.tokens).toEqual(['a', 'b']);
    expect(sent.notification).toEqual({ title: 'Aviso', body: 'Reunión a las 10' });
    expect(sent.webpush?.notification).toMatchObject({ title: 'Aviso', body: 'Reunión a las 10' });
    expect(sent.data).toEqual({ tipo: 'notificacion' });
    for (const v of Object.values(sent.data ?? {})) expect(typeof v).toBe('string');
  });

  it('sends data as an empty object when none is given', async () => {
    const fake = new RecordingMessaging();
    await new FirebasePushAdapter(fake).sendToTokens(['a'], { titulo: 'x', mensaje: 'y' });
    expect(fake.calls[0].data).toEqual({});
  });

  it('splits 1,200 tokens into batches of 500, 500 and 200, each token once', async () => {
    const fake = new RecordingMessaging();
    const all = tokens(1200);
    const result = await new FirebasePushAdapter(fake).sendToTokens(all, message);
    expect(fake.calls.map((c) => c.tokens.length)).toEqual([500, 500, 200]);
    expect(fake.calls.flatMap((c) => c.tokens)).toEqual(all);
    expect(result.successCount).toBe(1200);
  });

  it('sends a repeated token once', async () => {
    const fake = new RecordingMessaging();
    await new FirebasePushAdapter(fake).sendToTokens(['a', 'a', 'b'], message);
    expect(fake.calls[0].tokens).toEqual(['a', 'b']);
  });

  it('reports unregistered and invalid tokens for pruning, and keeps tokens that failed for other reasons', async () => {
    const all = tokens(1200);
    const fake = new RecordingMessaging({
      t3: 'messaging/registration-token-not-registered',
      t600: 'messaging/invalid-registration-token',
      t1100: 'messaging/invalid-argument',
      t7: 'messaging/internal-error',
      t8: 'messaging/server-unavailable',
    });
    const result = await new FirebasePushAdapter(fake).sendToTokens(all, message);
    expect(result.invalidTokens.sort()).toEqual(['t1100', 't3', 't600']);
    expect(result.successCount).toBe(1195);
    // Every token it did not reach is reported with the reason, for the delivery log.
    expect(result.failures?.map((f) => f.token).sort()).toEqual(['t1100', 't3', 't600', 't7', 't8']);
    expect(result.failures?.find((f) => f.token === 't8')?.reason).toBe('FCM no lo entregó: messaging/server-unavailable');
  });

  it('goes on with the next batch when one batch fails as a whole', async () => {
    const fake = new RecordingMessaging({}, 1);
    const result = await new FirebasePushAdapter(fake).sendToTokens(tokens(700), message);
    expect(fake.calls).toHaveLength(2);
    expect(result.successCount).toBe(200);
    expect(result.invalidTokens).toEqual([]);
    expect(result.failures).toHaveLength(500);
  });

  it('makes no call without tokens', async () => {
    const fake = new RecordingMessaging();
    expect(await new FirebasePushAdapter(fake).sendToTokens([], message)).toEqual({ successCount: 0, invalidTokens: [], failures: [] });
    expect(fake.calls).toHaveLength(0);
  });
});

describe('readServiceAccount', () => {
  it('accepts the JSON itself', () => {
    expect(readServiceAccount(' {"project_id":"p"}')).toEqual({ project_id: 'p' });
  });
  it('refuses broken JSON and a missing file', () => {
    expect(() => readServiceAccount('{"project_id":')).toThrow();
    expect(() => readServiceAccount('/nonexistent/cuenta.json')).toThrow();
  });
});
