import type { IncomingMessage } from 'node:http';

const MAX_BODY_BYTES = 1_000_000;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parameters from a JSON object or a form-encoded body; values that are not strings are stringified. */
export function parseParams(contentType: string | undefined, body: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body.trim()) return out;
  if ((contentType ?? '').includes('json') || body.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
          if (v !== null && v !== undefined) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
        }
      }
    } catch {
      // Invalid JSON is treated as "no parameters"; the handler then reports what is missing.
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}
