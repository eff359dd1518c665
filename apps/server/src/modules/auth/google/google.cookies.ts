import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { googleLoginPath } from '@tradedesk/contracts';
import { z } from 'zod';

/** The short-lived cookie that carries one Google sign-in from the start route to the callback. */
export const googleFlowCookieName = 'google_signin';
/** How long a started sign-in may take before the callback refuses it. */
export const googleFlowTtlMs = 10 * 60 * 1000;

/** Referral and marketing attribution carried from the start of the sign-in to the new account. */
export type Acquisition = { referralCode: string | null; tracking: Record<string, string> };

const flowSchema = z.object({
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  codeVerifier: z.string().min(43).max(128),
  redirect: z.string().max(512).nullable(),
  referralCode: z.string().max(64).nullable(),
  tracking: z.record(z.string().max(32), z.string().max(200)),
  /** Epoch milliseconds by the app clock when the sign-in started. */
  startedAt: z.number().int(),
});
export type GoogleFlow = z.infer<typeof flowSchema>;

/**
 * Seals the flow with AES-256-GCM under a key derived from the server secret: the browser can
 * neither read the PKCE verifier and nonce nor change the redirect or the referral it carries.
 */
export function createFlowSealer(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'tradedesk', 'google sign-in flow cookie v1', 32));
  return {
    seal(flow: GoogleFlow): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    /** The flow, or null when the value is missing, altered or not one of ours. */
    open(value: string | undefined): GoogleFlow | null {
      if (!value || value.length > 4096) return null;
      try {
        const raw = Buffer.from(value, 'base64url');
        if (raw.length < 29) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        const parsed = flowSchema.safeParse(JSON.parse(json));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
export type FlowSealer = ReturnType<typeof createFlowSealer>;

/**
 * SameSite=Lax, not Strict: the callback is a top-level navigation coming from Google's site, and a
 * Strict cookie would not be sent with it. The path keeps it off every other request.
 */
export function googleFlowCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    path: `/api${googleLoginPath}`,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: googleFlowTtlMs / 1000,
  };
}
