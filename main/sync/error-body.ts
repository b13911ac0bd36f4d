// A short, readable reason from whatever an error answer carries: RFC 9457 problem
// details, other JSON (message / error / code / errors), plain text, or an HTML page from
// a proxy. The platform's error format is not documented, so every form is read.

const MAX_REASON = 300;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first of the values that is non-empty text. */
const firstText = (...values: unknown[]) =>
  values.find((value): value is string => typeof value === 'string' && value.trim() !== '');

function clip(text: string): string {
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text;
}

function fieldErrors(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.slice(0, 5).flatMap((entry): string[] => {
    if (typeof entry === 'string') return [entry];
    if (!entry || typeof entry !== 'object') return [];
    const e = entry as Record<string, unknown>;
    const where = firstText(e.pointer, e.field, e.path, e.param);
    const what = firstText(e.detail, e.message, e.msg, e.error);
    if (!what) return [];
    return [where ? `${where}: ${what}` : what];
  });
}

function fromJson(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const body = value as Record<string, unknown>;
  const nested = body.error && typeof body.error === 'object' ? fromJson(body.error) : undefined;
  const headline = firstText(body.detail, body.message, body.title, body.error, body.code);
  const fields = fieldErrors(body.errors);
  const main = headline ?? nested;
  if (!main && fields.length === 0) return undefined;
  return [main, fields.length ? `(${fields.join('; ')})` : undefined].filter(Boolean).join(' ');
}

function fromHtml(html: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  if (title && squeeze(title)) return squeeze(title);
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ');
  return squeeze(text) || undefined;
}

/** "HTTP 422: The sale is not valid (/items/0/productId: no product prod_x)". */
export function readableReason(status: number, contentType: string | null, body: string): string {
  const type = (contentType ?? '').toLowerCase();
  let reason: string | undefined;
  const trimmed = body.trim();
  if (type.includes('json') || /^[[{]/.test(trimmed)) {
    try {
      reason = fromJson(JSON.parse(trimmed));
    } catch {
      reason = undefined;
    }
  }
  if (!reason && (type.includes('html') || /^<(!doctype|html)/i.test(trimmed)))
    reason = fromHtml(trimmed);
  if (!reason && trimmed && !type.includes('json')) reason = squeeze(trimmed);
  return clip(`HTTP ${status}: ${reason ?? 'the platform gave no explanation'}`);
}
