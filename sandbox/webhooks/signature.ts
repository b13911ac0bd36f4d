// Webhook signatures per the Standard Webhooks scheme: the signed content is
// `${webhook-id}.${webhook-timestamp}.${body}`, signed with HMAC-SHA256 under the
// base64 key after the `whsec_` prefix, sent as `v1,<base64>` in webhook-signature.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(24).toString('base64');

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

export function signWebhook(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a delivery the way a receiver should: the signature matches the raw body, and
 * the timestamp is within the tolerance (which defeats replays). Returns the parsed body.
 */
export function verifyWebhook(
  secret: string,
  headers: HeaderSource,
  rawBody: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): unknown {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      'Missing webhook-id, webhook-timestamp or webhook-signature',
    );
  }
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isInteger(seconds) || Math.abs(nowSeconds - seconds) > tolerance) {
    throw new WebhookVerificationError('The webhook timestamp is too old or too new');
  }
  const expected = Buffer.from(signWebhook(secret, id, seconds, rawBody).slice(3), 'base64');
  const matches = signatures.split(' ').some((candidate) => {
    const [version, mac = ''] = candidate.split(',');
    const given = Buffer.from(mac, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No webhook signature matches');
  return JSON.parse(rawBody) as unknown;
}
