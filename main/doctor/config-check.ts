// The configuration as the app and the daemon load it: valid, and in platform mode a key
// that is not expiring; in sandbox mode, that the till is a demo. A key the desktop app
// keeps encrypted cannot be read here: that is said.
import { join } from 'node:path';
import type { ApiKeyInfo } from '../../domain/sync-status.js';
import type { AgentConfig } from '../config/agent-config.js';
import { describeTillKey } from '../config/api-key-info.js';
import { apiKeyPresence, storeOfMode, type TillMode } from '../config/till-store.js';
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
        `Fix ${join(dataDir, 'config.json')} or the TILLSYNC_ variables it names.`,
      ),
    ];
  return mode === 'sandbox'
    ? sandboxChecks(dataDir, loaded.config)
    : platformChecks(dataDir, loaded.config, now, described);
}

/** Sandbox mode is a working till, for demos and trials: said plainly, and not a failure. */
function sandboxChecks(dataDir: string, config: AgentConfig): Check[] {
  const why = config.baseUrl
    ? `the platform address ${config.baseUrl} is set but no API key`
    : apiKeyPresence(dataDir, config) !== 'none'
      ? 'an API key is set but no platform address'
      : 'no platform is configured';
  return [
    warn(
      'configuration',
      `Sandbox mode: ${why}, so sales go to the sandbox on this machine, not to a platform. ` +
        `Their data is kept apart in ${storeOfMode(dataDir, 'sandbox').folder}.`,
      config.baseUrl
        ? 'Save the API key in Settings (or set TILLSYNC_API_KEY) to send sales to the platform.'
        : 'To send sales to your platform, save its address and API key in Settings (or set TILLSYNC_BASE_URL and TILLSYNC_API_KEY).',
    ),
    ok('api key', 'Sandbox mode: the sandbox on this machine mints its own key.'),
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
    checks.push(
      warn(
        'api key',
        'The key is kept encrypted by the desktop app; the command line cannot read it, so the platform check is skipped.',
        'Run `TILLSYNC_API_KEY=... tillsync doctor` to check the key, or look at the Sync screen.',
      ),
    );
  if (key.expiresAt !== undefined && key.expiresAt <= now)
    checks.push(
      failed(
        'api key',
        `The API key expired ${duration(now - key.expiresAt)} ago.`,
        'Get a new key from the platform and save it.',
      ),
    );
  else if (key.expiresAt !== undefined && key.expiresAt - now < WEEK_MS)
    checks.push(
      warn(
        'api key',
        `The API key expires in ${duration(key.expiresAt - now)}.`,
        'Get a new key from the platform before then and save it.',
      ),
    );
  if (checks.length === 0)
    checks.push(
      ok(
        'configuration',
        `Platform ${config.baseUrl}; API key set${key.expiresAt ? `, valid for ${duration(key.expiresAt - now)}` : ''}${key.scopes ? ` (scopes: ${key.scopes.join(' ')})` : ''}.`,
      ),
    );
  return checks;
}
