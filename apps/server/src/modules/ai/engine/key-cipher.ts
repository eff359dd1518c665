import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'k1';

/**
 * Seals users' own AI provider keys at rest: AES-256-GCM, a random 96-bit nonce per value, stored as
 * `k1.<nonce>.<tag>.<ciphertext>` (base64url). The user id is the additional data, so a sealed key copied onto
 * another user's row does not open.
 */
export function createKeyCipher(keyBase64: string) {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('the AI key secret must be 32 bytes');
  return {
    seal(plain: string, userId: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, ...[nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.');
    },
    open(sealed: string, userId: string): string {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a sealed AI key');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type KeyCipher = ReturnType<typeof createKeyCipher>;
