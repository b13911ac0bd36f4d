import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFile } from '../../main/log/logger.js';
import { followLines, readLastLines } from '../../main/log/read-logs.js';
import { rotatingFile } from '../../main/log/rotating-file.js';
import { runCli, startCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';

const write = (stream: NodeJS.WritableStream, text: string) =>
  new Promise<void>((resolve) => stream.write(text, () => resolve()));

describe('log files', () => {
  it('rotate by size, keep a fixed number of files, and never split a line', async () => {
    const file = join(tempDir(), 'logs', 'tillsync.log');
    const stream = rotatingFile({ file, maxBytes: 1000, keep: 3 });
    for (let n = 0; n < 100; n++)
      await write(stream, JSON.stringify({ n, msg: 'x'.repeat(30) }) + '\n');
    await new Promise<void>((resolve) => stream.end(resolve));
    const files = [file, `${file}.1`, `${file}.2`, `${file}.3`];
    for (const path of files) {
      expect(existsSync(path), path).toBe(true);
      expect(statSync(path).size).toBeLessThanOrEqual(1000);
      for (const line of readFileSync(path, 'utf8').trim().split('\n'))
        expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    expect(existsSync(`${file}.4`)).toBe(false);
    const newest = readFileSync(file, 'utf8').trim().split('\n').at(-1)!;
    expect(JSON.parse(newest)).toMatchObject({ n: 99 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('are written by the logger, with the key redacted', async () => {
    const dataDir = tempDir();
    const destination = new PassThrough();
    const logger = createLogger({ dataDir, destination });
    logger.info(
      { apiKey: 'secret-in-a-log', baseUrl: 'https://platform.example.com' },
      'Tillsync daemon started',
    );
    await waitUntil(
      () =>
        existsSync(logFile(dataDir)) && readFileSync(logFile(dataDir), 'utf8').includes('started'),
      2000,
    );
    const written = readFileSync(logFile(dataDir), 'utf8');
    expect(written).toContain('"apiKey":"[redacted]"');
    expect(written).not.toContain('secret-in-a-log');
  });
});

describe('tillsync logs', () => {
  it('prints the last lines readably, reading back across a rotation', async () => {
    const dataDir = tempDir();
    const file = logFile(dataDir);
    const line = (n: number, msg: string) =>
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 10, 21, 9, n),
        pid: 1,
        name: 'tillsync',
        msg,
        synced: n,
      }) + '\n';

    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    appendFileSync(file, line(1, 'first') + line(2, 'second'));
    renameSync(file, `${file}.1`);
    appendFileSync(
      file,
      line(3, 'third') +
        JSON.stringify({
          level: 50,
          time: Date.UTC(2026, 10, 21, 9, 4),
          msg: 'broke',
          error: 'disk',
        }) +
        '\n',
    );
    const run = await runCli(['logs', '-n', '3'], { env: { TILLSYNC_DATA_DIR: dataDir } });
    expect(run.code).toBe(0);
    const printed = run.stdout.trim().split('\n');
    expect(printed).toHaveLength(3);
    expect(printed[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} INFO {2}second {2}synced=2$/);
    expect(printed[2]).toMatch(/ERROR broke {2}error=disk$/);
    const json = await runCli(['logs', '-n', '1', '--json'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ msg: 'broke' });
    const none = await runCli(['logs'], { env: { TILLSYNC_DATA_DIR: tempDir() } });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/There is no log yet/);
  });

  it('follows from where the last lines were read: a line written in between is not lost', async () => {
    const file = join(tempDir(), 'tillsync.log');
    appendFileSync(file, 'one\ntwo\n');
    const { lines, end } = readLastLines(file, 1);
    expect(lines).toEqual(['two']);
    appendFileSync(file, 'three\n'); // after the read, before following starts
    const seen: string[] = [];
    const stop = followLines(file, (line) => seen.push(line), 10, end);
    try {
      await waitUntil(() => seen.length > 0, 5000, 'the line written in between');
      appendFileSync(file, 'four\n');
      await waitUntil(() => seen.length > 1, 5000, 'the next line');
      expect(seen).toEqual(['three', 'four']);
    } finally {
      stop();
    }
  });

  it('--tail keeps printing new lines, also after the file is rotated', async () => {
    const dataDir = tempDir();
    const file = logFile(dataDir);
    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    appendFileSync(file, JSON.stringify({ level: 30, time: Date.now(), msg: 'before' }) + '\n');
    const tail = startCli(['logs', '--tail', '-n', '1'], { TILLSYNC_DATA_DIR: dataDir });
    await tail.waitFor(/INFO {2}before/);
    appendFileSync(file, JSON.stringify({ level: 40, time: Date.now(), msg: 'appended' }) + '\n');
    await tail.waitFor(/WARN {2}appended/);
    renameSync(file, `${file}.1`);
    appendFileSync(
      file,
      JSON.stringify({ level: 30, time: Date.now(), msg: 'after rotation' }) + '\n',
    );
    await tail.waitFor(/INFO {2}after rotation/);
    expect(await tail.stop('SIGINT')).toBe(0);
  });
});
