import { createHash } from 'node:crypto';

interface Entry {
  /** The room's state the page was built from: its sequence and archive settings. */
  version: string;
  etag: string;
  html: string;
}

const MAX_ENTRIES = 2_000;

/**
 * Built archive pages, kept until their room changes: every change to a room (a message, an
 * edit, a delete, a reaction, a setting) moves its sequence, and a page is served from here only
 * while its room's version is the one it was built at. The ETag is that version's, so a browser
 * or proxy revalidates for free. The oldest entries make way beyond MAX_ENTRIES.
 */
export function createArchiveCache() {
  const entries = new Map<string, Entry>();
  return {
    async page(key: string, version: string, build: () => Promise<string | undefined>): Promise<Entry | undefined> {
      const found = entries.get(key);
      if (found && found.version === version) {
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      const html = await build();
      if (html === undefined) return undefined;
      const etag = `"${createHash('sha1').update(`${key}|${version}`).digest('base64url').slice(0, 20)}"`;
      const entry = { version, etag, html };
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return entry;
    },
  };
}
