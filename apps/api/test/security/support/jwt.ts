import { createHmac } from 'node:crypto';

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** Builds a JWT by hand: any header, any payload, HMAC with any hash, or a given signature. */
export function craftJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  sign: { secret: string; hash?: 'sha256' | 'sha384' | 'sha512' } | { signature: string },
): string {
  const head = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature =
    'signature' in sign
      ? sign.signature
      : createHmac(sign.hash ?? 'sha256', sign.secret)
          .update(head)
          .digest('base64url');
  return `${head}.${signature}`;
}

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
} {
  const [h, p, s] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>,
    signature: s ?? '',
  };
}
