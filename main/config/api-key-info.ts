// What may be shown about an API key: whether one is set and, for a JWT, its unverified
// claims (expiry, scopes). Never the key itself.
import { createHash } from 'node:crypto';
import type { ApiKeyInfo } from '../../domain/sync-status.js';

export type { ApiKeyInfo } from '../../domain/sync-status.js';

export function describeApiKey(key: string | undefined): ApiKeyInfo {
  if (!key) return { set: false };
  const parts = key.split('.');
  if (parts.length !== 3) return { set: true, kind: 'opaque' };
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return {
      set: true,
      kind: 'jwt',
      ...(typeof claims.exp === 'number' ? { expiresAt: claims.exp * 1000 } : {}),
      ...(typeof claims.scope === 'string'
        ? { scopes: claims.scope.split(' ').filter(Boolean) }
        : {}),
      ...(typeof claims.sub === 'string' ? { subject: claims.sub } : {}),
    };
  } catch {
    return { set: true, kind: 'opaque' };
  }
}

/** A fingerprint of the key, to notice that it changed without keeping it. */
export const keyFingerprint = (key: string | undefined) =>
  key ? createHash('sha256').update(key).digest('hex').slice(0, 16) : null;
