// What may be shown about an API key: whether one is set and, for a JWT, its unverified
// claims (expiry, scopes). Never the key itself.
import { createHash } from 'node:crypto';
import type { ApiKeyInfo } from '../../domain/sync-status.js';
import { readKeyFile } from './secret-store.js';
import { apiKeyPresence } from './till-store.js';

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
 * screens): where main/config/till-store.ts finds one (loaded, the data folder's key file,
 * or the desktop app's encrypted one, which only the app can read), described; else the
 * key the sending process was refused (a pause names it). Set in any of these means set,
 * so no reading says "not set" beside "Key rejected".
 */
export function describeTillKey(
  key: string | undefined,
  beside: { dataDir?: string; refusedKeyHash?: string | null } = {},
): ApiKeyInfo {
  const { dataDir, refusedKeyHash } = beside;
  const presence = dataDir ? apiKeyPresence(dataDir, { apiKey: key }) : key ? 'readable' : 'none';
  if (presence === 'readable') return describeApiKey(key ?? (dataDir && readKeyFile(dataDir)));
  if (presence === 'app-only') return { set: true, elsewhere: 'desktop_app' };
  return refusedKeyHash ? { set: true, elsewhere: 'sender' } : { set: false };
}

/** A fingerprint of the key, to notice that it changed without keeping it. */
export const keyFingerprint = (key: string | undefined) =>
  key ? createHash('sha256').update(key).digest('hex').slice(0, 16) : null;
