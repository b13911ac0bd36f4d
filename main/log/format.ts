// A JSON log line, readable: "2026-11-21 06:53:16 INFO  Sync pass finished  synced=3".

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const HIDDEN = new Set(['level', 'time', 'pid', 'name', 'msg', 'hostname', 'v']);

const pad = (n: number) => String(n).padStart(2, '0');
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : value === undefined
      ? ''
      : JSON.stringify(value);

function localTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line; // not ours: shown as it is
  }
  const level = LEVELS[Number(entry.level)] ?? text(entry.level);
  const time = typeof entry.time === 'number' ? localTime(entry.time) : '';
  const details = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${time} ${level.padEnd(5)} ${text(entry.msg)}${details ? `  ${details}` : ''}`;
}
