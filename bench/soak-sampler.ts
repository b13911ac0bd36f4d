// What a soak run samples of the daemon every few seconds: its resident memory and open
// descriptors as the kernel counts them (/proc/<pid>), its database's WAL file on disk,
// and its heap and event-loop delay from its own metrics endpoint (main/metrics).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface Sample {
  /** Seconds since the run began. */
  at: number;
  /** Sales recorded by then. */
  sales: number;
  rssMb: number;
  heapMb: number;
  fds: number;
  walMb: number;
  /** The loop's delay p99 over the time since the previous sample, in ms. */
  loopP99Ms: number;
  /** The same p99 of a bare Node process beside it: what the machine alone adds. */
  baselineLoopP99Ms: number;
  /** The daemon's CPU time so far (user and system), in seconds. */
  cpuSeconds: number;
}

/** utime + stime of /proc/<pid>/stat, in clock ticks of 1/100 s (Linux's USER_HZ). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name (in parentheses, which may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const MB = 1024 * 1024;

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

const fileBytes = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** One gauge's value in the Prometheus text (the first series of that name). */
function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text);
  if (!match) throw new Error(`the metrics endpoint has no ${name}`);
  return Number(match[1]);
}

/** The bare process of bench/soak-baseline.ts: each call reads its loop's p99 since the last. */
function startBaseline() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./soak-baseline.ts', import.meta.url))],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async read(): Promise<number> {
      child.stdin.write('\n');
      const answer = await answers.next();
      return answer.done ? Number.NaN : Number(answer.value);
    },
    stop: () => child.kill(),
  };
}

export function createSampler(daemon: { pid: number; databaseFile: string; metricsUrl: string }) {
  const began = performance.now();
  const baseline = startBaseline();
  const sample = async (sales: number): Promise<Sample> => {
    const metrics = await (await fetch(daemon.metricsUrl)).text();
    return {
      baselineLoopP99Ms: await baseline.read(),
      at: (performance.now() - began) / 1000,
      sales,
      rssMb: rssBytes(daemon.pid) / MB,
      heapMb: gauge(metrics, 'tillsync_process_heap_used_bytes') / MB,
      fds: readdirSync(`/proc/${daemon.pid}/fd`).length,
      walMb: fileBytes(`${daemon.databaseFile}-wal`) / MB,
      loopP99Ms: gauge(metrics, 'tillsync_event_loop_delay_p99_seconds') * 1000,
      cpuSeconds: cpuSeconds(daemon.pid),
    };
  };
  return { sample, stop: baseline.stop };
}
