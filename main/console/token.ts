// The console's access token: random, made anew each time the console starts, written to
// a file only this user can read, and printed as a login link.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TOKEN_FILE = 'console-token';

export function issueConsoleToken(dataDir: string): { token: string; file: string } {
  const token = randomBytes(32).toString('base64url');
  const file = join(dataDir, TOKEN_FILE);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, token + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, file };
}

/** Constant-time comparison, so the token cannot be guessed a character at a time. */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
