// Which Tillsync processes use a data folder right now: each running agent (daemon, app,
// console) leaves a file named by its PID in <data>/running/ while it runs. A file left by
// a process that died is ignored (and removed): the PID is checked, not just the file.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pidExists as alive } from '../sync/sender-identity.js';

const folder = (dataDir: string) => join(dataDir, 'running');

/** Marks this process as running on the data folder; returns a function that unmarks it. */
export function markRunning(dataDir: string, kind: string): () => void {
  mkdirSync(folder(dataDir), { recursive: true });
  const file = join(folder(dataDir), `${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ pid: process.pid, kind, startedAt: Date.now() }));
  return () => rmSync(file, { force: true });
}

export function runningProcesses(dataDir: string): Array<{ pid: number; kind: string }> {
  let names: string[];
  try {
    names = readdirSync(folder(dataDir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const file = join(folder(dataDir), name);
    try {
      const entry = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; kind: string };
      if (alive(entry.pid) && entry.pid !== process.pid) return [entry];
      if (!alive(entry.pid)) rmSync(file, { force: true });
      return [];
    } catch {
      return [];
    }
  });
}
