// npm run dist [-- electron-builder options] — installers for this machine's system.
// Needs internet: electron-builder downloads Electron and its packaging tools. SQLite's
// native module is better-sqlite3's Node-API binary, which Electron loads as it is; it is
// checked before packaging (never ship a module Electron cannot load).
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
  run('node', ['--import', 'tsx', 'scripts/native-abi.ts']);
  run('npx', ['electron-builder', '--publish', 'never', ...process.argv.slice(2)]);
} catch (error) {
  failure = error;
}
if (failure) {
  console.error(`\nPackaging failed: ${failure.message}`);
  process.exit(1);
}
console.log('\nInstallers are in release/.');
