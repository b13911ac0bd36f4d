// The platform's base address: HTTPS, except on this machine (loopback) where plain HTTP
// is allowed for the sandbox and tests. Node-free, so the Settings screen checks an address
// with the agent's own rule before it offers to switch to it.
import { z } from 'zod';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

export const isLoopbackHost = (hostname: string) => LOOPBACK.test(hostname);

export const platformUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address like https://api.example.com' })
  .refine((url) => {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || isLoopbackHost(hostname);
  }, 'must use https (plain http is allowed only for 127.0.0.1, ::1 or localhost)')
  .refine(
    (url) => !new URL(url).username && !new URL(url).password,
    'must not contain a user name or password',
  )
  .transform((url) => url.replace(/\/+$/, ''));

/** What is wrong with an address, in words for the Settings screen; null when it is fine. */
export function platformUrlProblem(address: string): string | null {
  const checked = platformUrlSchema.safeParse(address);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'is not an address');
}
