// Reading the log files back: the last lines across the rotated files, and following the
// current file as it grows (and when it is rotated).
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import { rotatedName } from './rotating-file.js';

/** Where a file was read up to: following it goes on from there. */
export interface ReadEnd {
  position: number;
  inode: number;
}

/** The current file whole, and where it ended, from one open file. */
function readWhole(file: string): { text: string; end: ReadEnd } {
  const fd = openSync(file, 'r');
  try {
    const { size, ino } = fstatSync(fd);
    const buffer = Buffer.alloc(size);
    readSync(fd, buffer, 0, size, 0);
    return { text: buffer.toString('utf8'), end: { position: size, inode: ino } };
  } finally {
    closeSync(fd);
  }
}

/**
 * The last `count` lines, oldest first, reading back through rotated files as needed, and
 * where the current file ended: a line written after is followed, none is lost or shown twice.
 */
export function readLastLines(
  file: string,
  count: number,
  keep = 5,
): { lines: string[]; end: ReadEnd | undefined } {
  const lines: string[] = [];
  let end: ReadEnd | undefined;
  for (let index = 0; index <= keep && lines.length < count; index++) {
    const path = rotatedName(file, index);
    if (!existsSync(path)) continue;
    let text: string;
    if (index === 0) ({ text, end } = readWhole(path));
    else text = readFileSync(path, 'utf8');
    const fileLines = text.split('\n').filter(Boolean);
    lines.unshift(...fileLines.slice(-(count - lines.length)));
  }
  if (!end && existsSync(file)) end = readWhole(file).end;
  return { lines, end };
}

/** The last `count` lines, oldest first, reading back through rotated files as needed. */
export const lastLines = (file: string, count: number, keep = 5): string[] =>
  readLastLines(file, count, keep).lines;

/**
 * Calls `onLine` for each line appended after `from` (where a read ended; now when not
 * given); returns a function that stops.
 */
export function followLines(
  file: string,
  onLine: (line: string) => void,
  pollMs = 250,
  from?: ReadEnd,
): () => void {
  let position = from?.position ?? (existsSync(file) ? statSync(file).size : 0);
  let inode = from?.inode ?? (existsSync(file) ? statSync(file).ino : 0);
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
