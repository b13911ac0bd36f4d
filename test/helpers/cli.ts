import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// The built command, as `npm start` and the installed till run it (test/global-setup.ts
// builds it first when the sources changed): compiled, a process starts in 0.5 s, not the
// 0.8 s tsx takes to compile it again in every child.
export const cliEntry = fileURLToPath(new URL('../../dist/main/cli/bin.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tillsync command in a real child process. */
export function runCli(
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliEntry, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

export interface RunningCli {
  /** Resolves with the first match of `pattern` in stdout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  output(): { stdout: string; stderr: string };
  /** Sends a signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts a long-running tillsync command (a server or the daemon). */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
): RunningCli & { pid: number; signal(signal: NodeJS.Signals): void } {
  const child = spawn(process.execPath, [...nodeArgs, cliEntry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return {
    exited,
    pid: child.pid!,
    signal: (signal) => void child.kill(signal),
    output: () => ({ stdout, stderr }),
    // Generous: a process started while the whole suite runs on two cores may take long to
    // load; the deadline only ends a wait for something that never comes.
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`never printed ${pattern}; stdout: ${stdout}; stderr: ${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
