import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderService } from '../../main/cli/commands/service.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const paths = {
  node: '/usr/bin/node',
  tillsync: '/opt/tillsync/bin/tillsync.js',
  dataDir: '/home/shop/.config/Tillsync',
  envFile: '/home/shop/.config/Tillsync/tillsync.env',
};

/** Elements open and close in order (comments, declarations and self-closing tags aside). */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  const body = xml
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>]*>/g, '');
  for (const [, closing, name, selfClosing] of body.matchAll(
    /<(\/?)([A-Za-z][\w.-]*)[^>]*?(\/?)>/g,
  )) {
    if (selfClosing) continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe('running as a service', () => {
  it('ships a systemd user unit that restarts on failure and logs to the journal', () => {
    const unit = renderService('systemd', paths);
    expect(unit).toContain(
      'ExecStart=/usr/bin/node --max-semi-space-size=4 /opt/tillsync/bin/tillsync.js daemon',
    );
    expect(unit).toContain('Environment=TILLSYNC_DATA_DIR=/home/shop/.config/Tillsync');
    expect(unit).toContain('EnvironmentFile=-/home/shop/.config/Tillsync/tillsync.env');
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^StandardOutput=journal$/m);
    expect(unit).toMatch(/^WantedBy=default\.target$/m);
    expect(unit).not.toMatch(/\{\{/);
  });

  it('passes systemd-analyze verify, which does complain about a bad unit', () => {
    const analyze = (unit: string) => {
      const file = join(tempDir(), 'tillsync.service');
      writeFileSync(file, unit);
      return spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    };
    const unit = renderService('systemd', { ...paths, node: process.execPath });
    const good = analyze(unit);
    if (good.error)
      return console.warn(
        'systemd-analyze is not installed here: the unit was checked by the assertions above only',
      );
    expect(good.status).toBe(0);
    expect(good.stderr).toBe('');
    expect(analyze(unit.replace('Restart=on-failure', 'Restart=sometimes')).stderr).toMatch(
      /Failed to parse service restart specifier/,
    );
  });

  it('ships a macOS LaunchAgent that starts at login and restarts after a failure', () => {
    const plist = renderService('launchd', paths);
    expect(wellFormed(plist)).toBe(true);
    expect(plist).toMatch(
      /<key>ProgramArguments<\/key>\s*<array>\s*<string>\/usr\/bin\/node<\/string>\s*<string>--max-semi-space-size=4<\/string>\s*<string>\/opt\/tillsync\/bin\/tillsync\.js<\/string>\s*<string>daemon<\/string>/,
    );
    expect(plist).toMatch(/<key>RunAtLoad<\/key>\s*<true\/>/);
    expect(plist).toMatch(
      /<key>KeepAlive<\/key>\s*<dict>\s*<key>SuccessfulExit<\/key>\s*<false\/>/,
    );
    expect(plist).not.toMatch(/\{\{/);
  });

  it('ships a Windows scheduled task that starts at logon and restarts on failure', () => {
    const task = renderService('windows', {
      ...paths,
      node: 'C:\\Program Files\\nodejs\\node.exe',
      tillsync: 'C:\\Tillsync\\bin\\tillsync.js',
    });
    expect(wellFormed(task)).toBe(true);
    expect(task).toMatch(/<LogonTrigger>\s*<Enabled>true<\/Enabled>/);
    expect(task).toMatch(/<RestartOnFailure>\s*<Interval>PT1M<\/Interval>\s*<Count>999<\/Count>/);
    expect(task).toContain('<Command>C:\\Program Files\\nodejs\\node.exe</Command>');
    expect(task).toContain(
      '<Arguments>--max-semi-space-size=4 "C:\\Tillsync\\bin\\tillsync.js" daemon</Arguments>',
    );
  });

  it('the well-formedness check notices a broken file (negative control)', () => {
    expect(wellFormed('<a><b></a></b>')).toBe(false);
    expect(wellFormed('<a><b/></a>')).toBe(true);
  });

  it("prints a definition with this machine's paths, and refuses an unknown kind", async () => {
    const dataDir = tempDir();
    const printed = await runCli(['service', 'print', 'systemd'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain(`ExecStart=${process.execPath} --max-semi-space-size=4 `);
    expect(printed.stdout).toContain(`Environment=TILLSYNC_DATA_DIR=${dataDir}`);
    const unknown = await runCli(['service', 'print', 'upstart'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Choose systemd, launchd or windows/);
  });
});
