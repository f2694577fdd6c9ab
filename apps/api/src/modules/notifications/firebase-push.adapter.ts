import { readFileSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import type { BatchResponse, Messaging, MulticastMessage } from 'firebase-admin/messaging';
import type { PushMessage, PushPort, PushResult } from './push.port';

/** FCM accepts at most 500 tokens per multicast call. */
export const FCM_MULTICAST_LIMIT = 500;

/** Error codes meaning the token is gone for good (unregistered, malformed): such tokens are pruned. */
export const INVALID_TOKEN_CODES: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

/**
 * The one method of firebase-admin's Messaging the adapter uses (a test passes a recording fake):
 * its registration-token overload, the one the web client's tokens need.
 */
export interface MulticastSender {
  sendEachForMulticast(message: MulticastMessage, dryRun?: boolean): Promise<BatchResponse>;
}

/** Push through Firebase Cloud Messaging, in batches of 500 tokens. */
export class FirebasePushAdapter implements PushPort {
  readonly enabled = true;
  private readonly logger = new Logger('Push');

  constructor(private readonly messaging: MulticastSender) {}

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushResult> {
    const unique = [...new Set(tokens)];
    let successCount = 0;
    const invalidTokens: string[] = [];
    const failures: { token: string; reason: string }[] = [];
    for (let i = 0; i < unique.length; i += FCM_MULTICAST_LIMIT) {
      const batch = unique.slice(i, i + FCM_MULTICAST_LIMIT);
      let answer: BatchResponse;
      try {
        answer = await this.messaging.sendEachForMulticast(multicastOf(batch, message));
      } catch (err) {
        // One failed batch (FCM down, quota) must not stop the others; the inbox already has the notification.
        this.logger.warn(`FCM rechazó un lote de ${batch.length} tokens: ${(err as Error).message}`);
        for (const token of batch) failures.push({ token, reason: `FCM rechazó el envío: ${(err as Error).message}` });
        continue;
      }
      successCount += answer.successCount;
      answer.responses.forEach((r, idx) => {
        if (r.success) return;
        const code = r.error?.code ?? '';
        failures.push({ token: batch[idx], reason: `FCM no lo entregó: ${code || r.error?.message || 'error desconocido'}` });
        if (INVALID_TOKEN_CODES.has(code)) invalidTokens.push(batch[idx]);
        else this.logger.warn(`FCM no entregó un mensaje: ${code || r.error?.message || 'error desconocido'}`);
      });
    }
    return { successCount, invalidTokens, failures };
  }
}

export function multicastOf(tokens: string[], message: PushMessage): MulticastMessage {
  const notification = { title: message.titulo, body: message.mensaje };
  return {
    tokens,
    notification,
    webpush: { notification: { ...notification, icon: '/favicon.svg' }, headers: { Urgency: 'high' } },
    data: message.data ?? {},
  };
}

/** `FIREBASE_SERVICE_ACCOUNT` is either the JSON itself or the path of a JSON file. */
export function readServiceAccount(value: string): Record<string, unknown> {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('la cuenta de servicio no es un objeto JSON');
  return parsed as Record<string, unknown>;
}

/** firebase-admin is loaded only when a service account is configured. */
export async function createFirebaseMessaging(serviceAccount: string): Promise<Messaging> {
  const account = readServiceAccount(serviceAccount);
  const { cert, getApps, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const name = `gestar-${String(account.project_id ?? 'default')}`;
  // Several Nest applications in one process (tests, workers) share one Firebase app per project.
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ credential: cert(account) }, name);
  return getMessaging(app);
}
