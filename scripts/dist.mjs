// npm run dist [-- electron-builder options] — installers for this machine's system.
// Needs internet: electron-builder downloads Electron and its packaging tools, and the
// native SQLite module is rebuilt against Electron's headers. The rebuild is checked
// before packaging (never ship a module built for Node), and undone afterwards so the
// CLI and the tests keep a module built for Node.
import { spawnSync } from 'node:child_process';

function run(command, args, env = process.env) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

let failure;
try {
  run('npm', ['run', 'build']);
  // An empty nodedir makes node-gyp fetch Electron's headers instead of using Node's.
  run('npx', ['electron-builder', 'install-app-deps'], { ...process.env, npm_config_nodedir: '' });
  run('node', ['--import', 'tsx', 'scripts/native-abi.ts']);
  run('npx', ['electron-builder', '--publish', 'never', ...process.argv.slice(2)]);
} catch (error) {
  failure = error;
} finally {
  run('npm', ['rebuild', 'better-sqlite3']);
}
if (failure) {
  console.error(`\nPackaging failed: ${failure.message}`);
  process.exit(1);
}
console.log('\nInstallers are in release/.');
