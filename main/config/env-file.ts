// The service's environment file, <data>/tillsync.env: systemd hands it to the daemon
// (EnvironmentFile=), and every other process on the data folder reads it too, so a
// command typed in a shell sees the platform the service uses, and so finds its store.
// Its format is systemd's: KEY=VALUE lines, # or ; comments, values optionally quoted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ENV_FILE = 'tillsync.env';

const LINE = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

/** Strips one pair of matching quotes around a value, as systemd does. */
function unquote(value: string): string {
  const quote = value[0];
  return (quote === '"' || quote === "'") && value.length > 1 && value.endsWith(quote)
    ? value.slice(1, -1)
    : value;
}

/** The TILLSYNC_ settings of the data folder's environment file; none when there is no file. */
export function readEnvFile(dataDir: string): Record<string, string> {
  const file = join(dataDir, ENV_FILE);
  if (!existsSync(file)) return {};
  const settings: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const match = LINE.exec(line);
    // The data folder is the one being read: the file cannot move it.
    if (!match || !match[1]!.startsWith('TILLSYNC_') || match[1] === 'TILLSYNC_DATA_DIR') continue;
    settings[match[1]!] = unquote(match[2]!.trim());
  }
  return settings;
}
