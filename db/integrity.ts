// The full integrity check (integrity_check) of a database file, table by table (so a person sees progress),
// in a worker thread with its own read-only connection: on a three-year file it reads a
// gigabyte, and the till keeps selling meanwhile. Used by the doctor, `tillsync backup`
// and the weekly background check; opening a file does only the cheap checks.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface IntegrityProgress {
  done: number;
  total: number;
  table: string;
}

export interface IntegrityResult {
  ok: boolean;
  /** What SQLite reported, when not ok (at most a few lines). */
  problems: string[];
  tookMs: number;
}

const require = createRequire(import.meta.url);

// CommonJS, evaluated in the worker: better-sqlite3 is passed as an absolute path.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true, nativeBinding: workerData.binding });
  const tables = db.prepare("select name from sqlite_schema where type = 'table' order by name").pluck().all();
  const problems = [];
  tables.forEach((table, index) => {
    parentPort.postMessage({ progress: { done: index, total: tables.length, table } });
    const lines = db.pragma('integrity_check("' + table.replace(/"/g, '""') + '")', { simple: false })
      .map((row) => Object.values(row)[0]).filter((line) => line !== 'ok');
    problems.push(...lines.map((line) => table + ': ' + line));
  });
  parentPort.postMessage({ done: { problems: problems.slice(0, 5) } });
} catch (error) {
  parentPort.postMessage({ done: { problems: [String(error.message || error)] } });
} finally {
  db?.close();
}`;

export function checkIntegrity(
  file: string,
  onProgress?: (progress: IntegrityProgress) => void,
): Promise<IntegrityResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        file,
        module: require.resolve('better-sqlite3'),
        binding: process.env.TILLSYNC_SQLITE_BINDING || undefined,
      },
    });
    worker.on(
      'message',
      (message: { progress?: IntegrityProgress; done?: { problems: string[] } }) => {
        if (message.progress) onProgress?.(message.progress);
        if (message.done) {
          resolve({
            ok: message.done.problems.length === 0,
            problems: message.done.problems,
            tookMs: Math.round(performance.now() - started),
          });
          void worker.terminate();
        }
      },
    );
    worker.on('error', reject);
  });
}
