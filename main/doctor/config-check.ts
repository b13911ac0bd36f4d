// The configuration as the daemon would load it: valid, a platform set, a key set and not
// expiring. A key the desktop app keeps encrypted cannot be read here: that is said.
import { join } from 'node:path';
import type { ApiKeyInfo } from '../../domain/sync-status.js';
import type { AgentConfig } from '../config/agent-config.js';
import { describeTillKey } from '../config/api-key-info.js';
import { ago, failed, ok, warn, type Check } from './check.js';

const WEEK_MS = 7 * 86_400_000;

export function checkConfig(
  dataDir: string,
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
  const { config } = loaded;
  const checks: Check[] = [];
  // Whether a key is set means what `tillsync status` and the Settings screen mean by it.
  const key = described ?? describeTillKey(config.apiKey, { dataDir });
  if (!config.baseUrl)
    checks.push(
      failed(
        'configuration',
        'No platform address is set: sales are kept on this till and never sent (the app uses the sandbox on this machine meanwhile).',
        'Set the platform address in Settings, or TILLSYNC_BASE_URL for the daemon.',
      ),
    );
  if (key.elsewhere === 'desktop_app')
    checks.push(
      warn(
        'api key',
        'The key is kept encrypted by the desktop app; the command line cannot read it, so the platform check is skipped.',
        'Run `TILLSYNC_API_KEY=... tillsync doctor` to check the key, or look at the Sync screen.',
      ),
    );
  else if (key.elsewhere === 'sender')
    checks.push(
      warn(
        'api key',
        'The Tillsync process that sends has a key this command cannot read (the platform refused it), so the platform check is skipped.',
        'Set the new key where that process takes it from (Settings, TILLSYNC_API_KEY or its key file), then run `tillsync resync`.',
      ),
    );
  else if (!key.set)
    checks.push(
      failed(
        'api key',
        'No API key is set: the platform will refuse every sale.',
        'Save the key in Settings, or set TILLSYNC_API_KEY (or TILLSYNC_API_KEY_FILE) for the daemon.',
      ),
    );
  if (key.expiresAt !== undefined && key.expiresAt <= now)
    checks.push(
      failed(
        'api key',
        `The API key expired ${ago(now - key.expiresAt)} ago.`,
        'Get a new key from the platform and save it.',
      ),
    );
  else if (key.expiresAt !== undefined && key.expiresAt - now < WEEK_MS)
    checks.push(
      warn(
        'api key',
        `The API key expires in ${ago(key.expiresAt - now)}.`,
        'Get a new key from the platform before then and save it.',
      ),
    );
  if (checks.length === 0)
    checks.push(
      ok(
        'configuration',
        `Platform ${config.baseUrl}; API key set${key.expiresAt ? `, valid for ${ago(key.expiresAt - now)}` : ''}${key.scopes ? ` (scopes: ${key.scopes.join(' ')})` : ''}.`,
      ),
    );
  return checks;
}
