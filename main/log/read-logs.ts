// Reading the log files back: the last lines across the rotated files, and following the
// current file as it grows (and when it is rotated).
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { rotatedName } from './rotating-file.js';

/** The last `count` lines, oldest first, reading back through rotated files as needed. */
export function lastLines(file: string, count: number, keep = 5): string[] {
  const lines: string[] = [];
  for (let index = 0; index <= keep && lines.length < count; index++) {
    const path = rotatedName(file, index);
    if (!existsSync(path)) continue;
    const fileLines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    lines.unshift(...fileLines.slice(-(count - lines.length)));
  }
  return lines;
}

/** Calls `onLine` for each line appended from now on; returns a function that stops. */
export function followLines(
  file: string,
  onLine: (line: string) => void,
  pollMs = 250,
): () => void {
  let position = existsSync(file) ? statSync(file).size : 0;
  let inode = existsSync(file) ? statSync(file).ino : 0;
  let partial = '';
  const timer = setInterval(() => {
    if (!existsSync(file)) return;
    const stats = statSync(file);
    if (stats.ino !== inode || stats.size < position) {
      inode = stats.ino; // rotated: the new file is read from its start
      position = 0;
    }
    if (stats.size === position) return;
    const buffer = Buffer.alloc(stats.size - position);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, position);
    } finally {
      closeSync(fd);
    }
    position = stats.size;
    const text = partial + buffer.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line) onLine(line);
  }, pollMs);
  return () => clearInterval(timer);
}
