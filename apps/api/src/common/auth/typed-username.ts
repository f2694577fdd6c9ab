import { TYPED_USERNAME_MAX } from '@gestar/contracts';

/** Control, format (bidirectional overrides, zero-width) and line or paragraph separator characters. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * What the audit log keeps of a name typed at a refused sign-in: no unprintable characters and at
 * most TYPED_USERNAME_MAX characters (code points, so no half of a pair is left), so a client
 * cannot write free text into the log.
 */
export function typedUsername(text: string): string {
  return Array.from(text.replace(UNPRINTABLE, '')).slice(0, TYPED_USERNAME_MAX).join('').trim();
}
