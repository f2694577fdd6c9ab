/** What a push message carries: FCM shows `titulo`/`mensaje`; `data` reaches the page or worker as strings. */
export interface PushMessage {
  titulo: string;
  mensaje: string;
  data?: Record<string, string>;
}

export interface PushResult {
  /** Messages the push service accepted. */
  successCount: number;
  /** Tokens the push service says will never work again: the caller forgets them. */
  invalidTokens: string[];
  /** Every token the message did not reach, with the push service's reason (the delivery log). */
  failures?: { token: string; reason: string }[];
}

/** The project's own messaging port: the notification rules never see firebase-admin. */
export interface PushPort {
  /** True when a real push service is behind the port. */
  readonly enabled: boolean;
  sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushResult>;
}

export const PUSH_PORT = Symbol('PUSH_PORT');

/** Without Firebase configured: nothing is pushed; the inbox and live events still deliver. */
export class NoopPushAdapter implements PushPort {
  readonly enabled = false;

  sendToTokens(): Promise<PushResult> {
    return Promise.resolve({ successCount: 0, invalidTokens: [], failures: [] });
  }
}
