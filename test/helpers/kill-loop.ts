// A child process that writes and acknowledges one line per thing done, killed with SIGKILL
// `afterMs` after its first line: what it acknowledged before the kill.
import { spawn } from 'node:child_process';

export function runUntilKilled(loop: string, file: string, afterMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', loop, file]);
    let output = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      timer ??= setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`${loop} ended by itself: ${stderr}`));
      // A line cut by the kill was never a full acknowledgement.
      resolve(output.split('\n').slice(0, -1));
    });
  });
}
