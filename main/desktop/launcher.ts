// Starting the desktop app from plain Node (`tillsync start`, `npm start`). Electron's
// binary is downloaded on first run; where that cannot happen (no internet) or cannot show
// a window (no display), the caller runs the background agent with the console instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../config/package-info.js';
import { said } from '../../domain/i18n/said.js';
import type { Said } from '../../domain/result.js';

/** Why not, as English `reason` (logs, stderr) with its catalog key `say`. */
export type DesktopAvailability =
  { ok: true; binary: string } | { ok: false; reason: string; say: Said };

const unavailable = (made: { message: string; say: Said }): DesktopAvailability => ({
  ok: false,
  reason: made.message,
  say: made.say,
});

function electronBinary(electronDir: string): string | undefined {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/** Where the electron package is installed, if it is. */
function installedElectron(): string | undefined {
  try {
    return dirname(
      createRequire(join(packageRoot, 'package.json')).resolve('electron/package.json'),
    );
  } catch {
    return undefined;
  }
}

export function desktopAvailability(
  env: NodeJS.ProcessEnv = process.env,
  options: {
    /** Download Electron's binary when it is missing (as its own install would). */
    download?: boolean;
    /** The electron package's folder; tests give one of their own. */
    electronDir?: string;
  } = {},
): DesktopAvailability {
  const { download = true } = options;
  if (env.TILLSYNC_NO_DESKTOP) return unavailable(said('errors.desktop.disabled'));
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return unavailable(said('errors.desktop.noDisplay'));
  }
  const electronDir = options.electronDir ?? installedElectron();
  if (!electronDir) return unavailable(said('errors.desktop.notInstalled'));
  let binary = electronBinary(electronDir);
  if (!binary && download) {
    process.stderr.write(
      'Downloading Electron for the desktop app (about 100 MB, first run only)...\n',
    );
    spawnSync(process.execPath, [join(electronDir, 'install.js')], {
      stdio: 'inherit',
      timeout: 300_000,
    });
    binary = electronBinary(electronDir);
  }
  if (!binary) return unavailable(said('errors.desktop.notDownloaded'));
  return { ok: true, binary };
}

/**
 * SQLite built for Electron's ABI (`npm run desktop:native`), used when present. Not needed
 * with better-sqlite3's Node-API binary, which Electron loads as it is; only a from-source
 * build against Node's own ABI needs it.
 */
export const ELECTRON_SQLITE = join(packageRoot, 'native', 'electron', 'better_sqlite3.node');

/** Runs the desktop app until it quits; resolves with its exit code. */
export function launchDesktop(binary: string): Promise<number> {
  return new Promise((resolve) => {
    const app = spawn(binary, [packageRoot], {
      stdio: 'inherit',
      env: existsSync(ELECTRON_SQLITE)
        ? { ...process.env, TILLSYNC_SQLITE_BINDING: ELECTRON_SQLITE }
        : process.env,
    });
    app.on('close', (code) => resolve(code ?? 0));
  });
}
