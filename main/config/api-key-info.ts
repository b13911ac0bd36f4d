// What may be shown about an API key: whether one is set and, for a JWT, its unverified
// claims (expiry, scopes). Never the key itself.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiKeyInfo } from '../../domain/sync-status.js';
import { ENCRYPTED_KEY_FILE, readKeyFile } from './secret-store.js';

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

/**
 * Whether the till has a key, as any process sees it (`tillsync status`, the doctor, the
 * screens): the key it loaded; else the one saved in the data folder's key file (the
 * console's and the daemon's); else one the desktop app keeps encrypted there; else one the
 * sending process was refused (a pause names its key). Set in any of these means set, so
 * no reading says "not set" beside "Key rejected".
 */
export function describeTillKey(
  key: string | undefined,
  beside: { dataDir?: string; refusedKeyHash?: string | null } = {},
): ApiKeyInfo {
  const saved = key ?? (beside.dataDir ? readKeyFile(beside.dataDir) : undefined);
  if (saved) return describeApiKey(saved);
  if (beside.dataDir && existsSync(join(beside.dataDir, ENCRYPTED_KEY_FILE)))
    return { set: true, elsewhere: 'desktop_app' };
  if (beside.refusedKeyHash) return { set: true, elsewhere: 'sender' };
  return { set: false };
}

/** A fingerprint of the key, to notice that it changed without keeping it. */
export const keyFingerprint = (key: string | undefined) =>
  key ? createHash('sha256').update(key).digest('hex').slice(0, 16) : null;
