// The platform's base address: HTTPS, except on this machine (loopback) where plain HTTP
// is allowed for the sandbox and tests. Node-free, so the Settings screen checks an address
// with the agent's own rule before it offers to switch to it.
import { z } from 'zod';
import { fieldSays, said, saidOfField } from './i18n/said.js';
import type { Said } from './result.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

export const isLoopbackHost = (hostname: string) => LOOPBACK.test(hostname);

export const platformUrlSchema = z
  .url({ protocol: /^https?$/, error: fieldSays('field.platform.httpAddress') })
  .refine((url) => {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || isLoopbackHost(hostname);
  }, fieldSays('field.platform.https'))
  .refine(
    (url) => !new URL(url).username && !new URL(url).password,
    fieldSays('field.platform.noUser'),
  )
  .transform((url) => url.replace(/\/+$/, ''));

/** What is wrong with an address, with its catalog key (say it with words.say); null when fine. */
export function platformUrlProblemSaid(address: string): { message: string; say?: Said } | null {
  const checked = platformUrlSchema.safeParse(address);
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message;
  const say = message === undefined ? undefined : saidOfField(message);
  if (message === undefined) return said('field.platform.notAnAddress');
  return say ? { message, say } : { message };
}

/** What is wrong with an address, in English words; null when it is fine. */
export function platformUrlProblem(address: string): string | null {
  return platformUrlProblemSaid(address)?.message ?? null;
}
