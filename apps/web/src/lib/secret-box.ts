/**
 * Encrypts the refresh token before it goes to localStorage (SPEC section 9,
 * DECISIONS section 3): AES-GCM with a key derived (PBKDF2-SHA-256) from a
 * passphrase set at build time. It keeps the token from being read as plain
 * text by anything that dumps storage; it is not a defence against script
 * running in the page, which could decrypt it the same way.
 */

const DEFAULT_PASSPHRASE = 'gestar-refresh-token-passphrase-v1';
const PASSPHRASE: string = import.meta.env.VITE_REFRESH_TOKEN_PASSPHRASE || DEFAULT_PASSPHRASE;

const VERSION = 'v1';
/** Stored as-is when WebCrypto is missing (a page served over plain http from a non-local host). */
const PLAIN = 'plain';
const PBKDF2_ITERATIONS = 100_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto | undefined {
  return globalThis.crypto?.subtle;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function deriveKey(crypto: SubtleCrypto, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.importKey('raw', encoder.encode(PASSPHRASE), 'PBKDF2', false, ['deriveKey']);
  return crypto.deriveKey(
    { name: 'PBKDF2', salt, iterations: PBKDF2_ITERATIONS, hash: 'SHA-256' },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** `v1.<salt>.<iv>.<ciphertext>` (base64 parts). */
export async function encryptSecret(plain: string): Promise<string> {
  const crypto = subtle();
  if (!crypto) {
    console.warn('WebCrypto no disponible: el refresh token se guarda sin cifrar.');
    return `${PLAIN}.${toBase64(encoder.encode(plain))}`;
  }
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(crypto, salt);
  const cipher = new Uint8Array(await crypto.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plain)));
  return [VERSION, toBase64(salt), toBase64(iv), toBase64(cipher)].join('.');
}

/** The decrypted text, or null when the stored value is missing, tampered with or from another passphrase. */
export async function decryptSecret(stored: string | null): Promise<string | null> {
  if (!stored) return null;
  try {
    const parts = stored.split('.');
    if (parts[0] === PLAIN && parts.length === 2) return decoder.decode(fromBase64(parts[1]!));
    const crypto = subtle();
    if (parts[0] !== VERSION || parts.length !== 4 || !crypto) return null;
    const [, salt, iv, cipher] = parts as [string, string, string, string];
    const key = await deriveKey(crypto, fromBase64(salt));
    const plain = await crypto.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, key, fromBase64(cipher));
    return decoder.decode(plain);
  } catch (error) {
    console.error('No se pudo descifrar el refresh token', error);
    return null;
  }
}
