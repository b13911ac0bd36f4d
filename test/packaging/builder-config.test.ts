import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { knownSchemaVersion } from '../../db/open.js';
import type * as OpenModule from '../../db/open.js';
import { checkElectronAbi, electronAbi, sqliteBinding } from '../../scripts/native-abi.js';
import { repoRoot } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

interface BuilderConfig {
  files: string[];
  asarUnpack: string[];
  npmRebuild: boolean;
  extraMetadata: { main: string };
  electronFuses: Record<string, boolean>;
  linux: { target: string[]; icon: string; category: string };
  win: { target: string; icon: string };
  nsis: { perMachine: boolean; oneClick: boolean };
  mac: { target: string; icon: string; category: string };
  appId: string;
  productName: string;
}

const config = parse(readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', '.git', 'release', 'test-artifacts', 'scratch'].includes(entry.name))
      return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(repoRoot, path)];
  });
}

/** The app files electron-builder takes, by its rule: patterns in order, a "!" pattern excludes. */
function packagedFiles(): string[] {
  return walk(repoRoot).filter((file) =>
    config.files.reduce((included, pattern) => {
      const negated = pattern.startsWith('!');
      return minimatch(file, negated ? pattern.slice(1) : pattern, { dot: true })
        ? !negated
        : included;
    }, false),
  );
}

beforeAll(() => {
  if (
    !existsSync(join(repoRoot, 'renderer', 'dist', 'index.html')) ||
    !existsSync(join(repoRoot, 'dist', 'main', 'electron', 'preload.cjs'))
  ) {
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  }
}, 120_000);

describe('packaging (electron-builder.yml)', () => {
  it("validates against electron-builder's own JSON schema", () => {
    const schema = JSON.parse(
      readFileSync(join(repoRoot, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ allowUnionTypes: true, strict: false, allErrors: true }).compile(
      schema,
    );
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('targets AppImage and deb, per-user NSIS, and dmg, with the icons in place', () => {
    expect(config).toMatchObject({ appId: 'com.tillsync.agent', productName: 'Tillsync' });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toBe('nsis');
    expect(config.nsis).toMatchObject({ perMachine: false, oneClick: false });
    expect(config.mac.target).toBe('dmg');
    for (const icon of [config.linux.icon, config.win.icon, config.mac.icon]) {
      const png = readFileSync(join(repoRoot, icon));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    }
    const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(packageJson).toMatchObject({
      homepage: expect.any(String) as unknown,
      author: { name: 'Tillsync', email: expect.any(String) as unknown },
    });
  });

  it('sets the Electron fuses, unpacks SQLite from the asar, and never rebuilds natives by itself', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    expect(config.npmRebuild).toBe(false);
  });

  it('ships the migrations, the UI and the preload, and no tests, benchmarks, sources or maps', () => {
    const files = packagedFiles();
    for (const needed of [
      'package.json',
      config.extraMetadata.main,
      'dist/main/electron/preload.cjs',
      'dist/db/migrations/0000_initial.sql',
      'dist/db/migrations/0001_sync_state.sql',
      'dist/db/migrations/0002_sender.sql',
      'dist/db/migrations/meta/_journal.json',
      'dist/sandbox/db/migrations/0000_initial.sql',
      'renderer/dist/index.html',
      'assets/tray.png',
    ]) {
      expect(files, needed).toContain(needed);
    }
    expect(
      files.some((file) => file.startsWith('renderer/dist/assets/') && file.endsWith('.js')),
    ).toBe(true);
    const shipped = (pattern: RegExp) => files.filter((file) => pattern.test(file));
    expect(shipped(/^test\//)).toEqual([]);
    expect(shipped(/^bench\//)).toEqual([]);
    expect(shipped(/^scripts\//)).toEqual([]);
    expect(shipped(/\.ts$/)).toEqual([]);
    expect(shipped(/\.map$/)).toEqual([]);
    expect(shipped(/^(db|main|sandbox|renderer\/src)\//)).toEqual([]);
  });

  it('lets the compiled agent find its migrations at run time, from dist as in the package', async () => {
    const compiled = (await import(
      pathToFileURL(join(repoRoot, 'dist', 'db', 'open.js')).href
    )) as typeof OpenModule;
    expect(compiled.MIGRATIONS_FOLDER).toBe(join(repoRoot, 'dist', 'db', 'migrations'));
    const database = compiled.openDatabase(join(tempDir(), 'tillsync.db'));
    // Every migration the sources ship was copied into dist and applied.
    expect(database.sqlite.pragma('user_version', { simple: true })).toBe(knownSchemaVersion());
    database.close();
    expect(statSync(join(repoRoot, 'dist', 'sandbox', 'db', 'migrations')).isDirectory()).toBe(
      true,
    );
  });

  it('packages SQLite as a Node-API module, which Electron loads as it is', () => {
    const check = checkElectronAbi(sqliteBinding(), electronAbi());
    expect(check).toEqual({
      ok: true,
      reason: expect.stringMatching(
        /is a Node-API module: Electron \(ABI \d+\) loads it/,
      ) as string,
    });
  });

  it('refuses to package a native module built for this Node instead of Electron', () => {
    // A module built against Node's own ABI (not Node-API): one of Node's own test addons
    // is not at hand, so a copy of the binding without its Node-API marker stands in.
    const copy = join(tempDir(), 'node-abi.node');
    writeFileSync(
      copy,
      readFileSync(sqliteBinding())
        .toString('latin1')
        .replaceAll('napi_register_module_v1', 'xxxx_register_module_v1'),
      'latin1',
    );
    const check = checkElectronAbi(copy, electronAbi());
    expect(check.ok).toBe(false);
  });
});
