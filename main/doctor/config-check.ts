// The configuration as the app and the daemon load it: valid, and in platform mode a key
// that is not expiring; in sandbox mode, that the till is a demo. A key the desktop app
// keeps encrypted cannot be read here: that is said.
import { join } from 'node:path';
import type { ApiKeyInfo } from '../../domain/sync-status.js';
import type { AgentConfig } from '../config/agent-config.js';
import { describeTillKey } from '../config/api-key-info.js';
import { apiKeyPresence, storeOfMode, type TillMode } from '../config/till-store.js';
import { said } from '../../domain/i18n/said.js';
import { failed, ok, warn, type Check } from './check.js';
import { duration } from '../../domain/views/status-view.js';

const WEEK_MS = 7 * 86_400_000;

export function checkConfig(
  dataDir: string,
  mode: TillMode,
  loaded: { config: AgentConfig } | { error: string },
  now = Date.now(),
  /** The key as the status describes it, when the database could be read. */
  described?: ApiKeyInfo,
): Check[] {
  if ('error' in loaded)
    return [
      failed(
        'configuration',
        loaded.error,
        said('cli.doctor.configFix', { file: join(dataDir, 'config.json') }),
      ),
    ];
  return mode === 'sandbox'
    ? sandboxChecks(dataDir, loaded.config)
    : platformChecks(dataDir, loaded.config, now, described);
}

/** Sandbox mode is a working till, for demos and trials: said plainly, and not a failure. */
function sandboxChecks(dataDir: string, config: AgentConfig): Check[] {
  const why = config.baseUrl
    ? 'noKey'
    : apiKeyPresence(dataDir, config) !== 'none'
      ? 'noAddress'
      : 'nothing';
  return [
    warn(
      'configuration',
      said('cli.doctor.sandboxMode', {
        why,
        address: config.baseUrl ?? '',
        folder: storeOfMode(dataDir, 'sandbox').folder,
      }),
      said('cli.doctor.sandboxFix', { why: config.baseUrl ? 'noKey' : 'nothing' }),
    ),
    ok('api key', said('cli.doctor.sandboxKey')),
  ];
}

function platformChecks(
  dataDir: string,
  config: AgentConfig,
  now: number,
  described?: ApiKeyInfo,
): Check[] {
  const checks: Check[] = [];
  // Whether a key is set means what `tillsync status` and the Settings screen mean by it.
  const key = described ?? describeTillKey(config.apiKey, { dataDir });
  if (key.elsewhere === 'desktop_app')
    checks.push(warn('api key', said('cli.doctor.keyInApp'), said('cli.doctor.keyInAppFix')));
  if (key.expiresAt !== undefined && key.expiresAt <= now)
    checks.push(
      failed(
        'api key',
        said('cli.doctor.keyExpired', { ago: duration(now - key.expiresAt) }),
        said('cli.doctor.keyExpiredFix'),
      ),
    );
  else if (key.expiresAt !== undefined && key.expiresAt - now < WEEK_MS)
    checks.push(
      warn(
        'api key',
        said('cli.doctor.keyExpiring', { left: duration(key.expiresAt - now) }),
        said('cli.doctor.keyExpiringFix'),
      ),
    );
  if (checks.length === 0)
    checks.push(
      ok(
        'configuration',
        said('cli.doctor.platformSet', {
          address: config.baseUrl ?? '',
          valid: key.expiresAt ? duration(key.expiresAt - now) : 'none',
          scopes: key.scopes ? key.scopes.join(' ') : 'none',
        }),
      ),
    );
  return checks;
}
