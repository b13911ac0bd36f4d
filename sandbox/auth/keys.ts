// Sandbox API keys: JWTs signed with HS256 only (the algorithm is pinned on both sides),
// carrying the scopes and the shops the key may sell for. The signing secret lives in the
// sandbox database, so keys survive a restart of the same sandbox.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from '../../db/drizzle.js';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SandboxDb } from '../db/open.js';
import { meta } from '../db/schema.js';

export const KEY_ALGORITHM = 'HS256';
export const KEY_ISSUER = 'tillsync-sandbox';
export const KEY_AUDIENCE = 'platform-api/v1';
export const KNOWN_SCOPES = ['sales:write', 'sales:read', 'webhooks:write'] as const;

export interface KeyClaims {
  sub: string;
  jti: string;
  exp: number;
  scopes: string[];
  /** Shops the key may sell for; empty means every shop. */
  shops: string[];
}

export interface MintOptions {
  scope?: string;
  shops?: string[];
  ttlSeconds?: number;
  subject?: string;
}

export class KeyError extends Error {
  constructor(readonly description: string) {
    super(description);
    this.name = 'KeyError';
  }
}

/** The signing secret of this sandbox database, made on first use. */
export function signingSecret(db: SandboxDb): Uint8Array {
  const stored = db.select().from(meta).where(eq(meta.key, 'signing_secret')).get();
  if (stored) return Buffer.from(stored.value, 'base64');
  const secret = randomBytes(32);
  db.insert(meta)
    .values({ key: 'signing_secret', value: secret.toString('base64') })
    .onConflictDoNothing()
    .run();
  // Another process may have won the race: read back what is stored.
  return signingSecret(db);
}

export async function mintKey(secret: Uint8Array, options: MintOptions = {}): Promise<string> {
  const scope = options.scope ?? 'sales:write sales:read';
  return new SignJWT({ scope, shops: options.shops ?? [] })
    .setProtectedHeader({ alg: KEY_ALGORITHM, typ: 'JWT' })
    .setIssuer(KEY_ISSUER)
    .setAudience(KEY_AUDIENCE)
    .setSubject(options.subject ?? `till_${randomBytes(6).toString('hex')}`)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.ttlSeconds ?? 30 * 86_400))
    .sign(secret);
}

export async function verifyKey(secret: Uint8Array, token: string): Promise<KeyClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [KEY_ALGORITHM],
      issuer: KEY_ISSUER,
      audience: KEY_AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    const shops = Array.isArray(payload.shops)
      ? payload.shops.filter((s) => typeof s === 'string')
      : [];
    return {
      sub: payload.sub!,
      jti: payload.jti!,
      exp: payload.exp!,
      scopes: scope.split(' ').filter(Boolean),
      shops,
    };
  } catch (error) {
    throw new KeyError(describeJoseError(error));
  }
}

function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The key has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.claim === 'aud'
      ? 'The key is not meant for this API (wrong audience)'
      : `The key has an invalid "${error.claim}" claim`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'The key signature is not valid';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The key is signed with an algorithm this API does not accept';
  return 'The key is malformed';
}

/** "30d", "12h", "15m", "3600s" or a number of seconds. */
export function parseTtl(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  const seconds = Number(match[1]) * unit;
  return seconds > 0 ? seconds : undefined;
}
