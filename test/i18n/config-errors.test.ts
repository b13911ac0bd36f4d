// What stops the agent from starting, said in the till's language: a config layer with a bad
// value (named by where it came from), a config.json that is not JSON, and metrics open to the
// network. The English message stays what stderr and the logs have always shown.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../main/agent/runtime.js';
import { RefusedError } from '../../main/agent/refused-error.js';
import { loadAgentConfig } from '../../main/config/agent-config.js';
import { fileSecretStore } from '../../main/config/secret-store.js';
import { translator } from '../../domain/i18n/messages.js';
import { tempDir } from '../helpers/temp-dir.js';

const german = translator('de-DE');
const spanish = translator('es-ES');

describe("the configuration's refusals in the till's language", () => {
  it('names the layer and the field in German, the English unchanged', () => {
    const loaded = loadAgentConfig({
      dataDir: tempDir(),
      env: {},
      flags: { sync: { concurrency: 0 } },
    });
    if (loaded.ok) throw new Error('a concurrency of 0 was taken');
    expect(loaded.error).toMatchObject({
      code: 'invalid_config',
      message:
        'The configuration in the command-line flags is not valid: /sync/concurrency: must be at least 1',
    });
    expect(german.error(loaded.error)).toBe(
      'Die Konfiguration in den Befehlszeilenoptionen ist nicht gültig: /sync/concurrency: muss mindestens 1 sein',
    );
    expect(spanish.error(loaded.error)).toBe(
      'La configuración en las opciones de la línea de comandos no es válida: /sync/concurrency: debe ser al menos 1',
    );
  });

  it('says a file layer by its path, and metrics open to the network', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ sync: { concurrency: 'four' } }));
    const loaded = loadAgentConfig({ dataDir, env: {} });
    if (loaded.ok) throw new Error('a concurrency of "four" was taken');
    const file = join(dataDir, 'config.json');
    expect(loaded.error.message).toBe(
      `The configuration in ${file} is not valid: /sync/concurrency: must be a number`,
    );
    expect(german.error(loaded.error)).toBe(
      `Die Konfiguration in ${file} ist nicht gültig: /sync/concurrency: muss eine Zahl sein`,
    );

    const open = loadAgentConfig({
      dataDir: tempDir(),
      env: { TILLSYNC_METRICS_LISTEN: '0.0.0.0:9464' },
    });
    if (open.ok) throw new Error('metrics open to the network were taken');
    expect(open.error.message).toMatch(/^Metrics on 0\.0\.0\.0:9464 could be read by any machine/);
    expect(german.error(open.error)).toMatch(
      /^Die Metriken auf 0\.0\.0\.0:9464 könnte jeder Rechner lesen.*TILLSYNC_METRICS_TOKEN/,
    );
  });

  it('stops a runtime with a refusal a window can say: config.json that is not JSON', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'config.json'), '{ "baseUrl": ');
    const starting = createRuntime({
      dataDir,
      env: {},
      secrets: fileSecretStore(dataDir),
      sandbox: 'when-unconfigured',
      kind: 'console',
    });
    const error = await starting.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(RefusedError);
    const { refusal, message } = error as RefusedError;
    expect(message).toMatch(/config\.json is not valid JSON: .*\. Fix or remove it\.$/);
    expect(german.error(refusal)).toMatch(
      /config\.json ist kein gültiges JSON: .*\. Korrigieren oder entfernen Sie die Datei\.$/,
    );
  });
});
