import { createHash } from 'node:crypto';

export interface ArchiveCacheEntry {
  /** The room's state the page was built from: its sequence and archive settings. */
  version: string;
  etag: string;
  /** The page's HTML as UTF-8 bytes (compressed forms are kept beside it, see shared-answer.ts). */
  body: Buffer;
}

/** Pages kept, and their bytes at most: a day of a busy room is about 0.5 MB of HTML. */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 128 * 1024 * 1024;

/**
 * Built archive pages, kept until their room changes: every change to a room (a message, an
 * edit, a delete, a reaction, a setting) moves its sequence, and a page is served from here only
 * while its room's version is the one it was built at. The ETag is that version's, so a browser
 * or proxy revalidates for free. The least recently served make way beyond MAX_ENTRIES pages or
 * MAX_BYTES of HTML.
 */
export function createArchiveCache() {
  const entries = new Map<string, ArchiveCacheEntry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  return {
    async page(
      key: string,
      version: string,
      build: () => Promise<string | undefined>,
    ): Promise<ArchiveCacheEntry | undefined> {
      const found = entries.get(key);
      if (found && found.version === version) {
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      const html = await build();
      if (html === undefined) return undefined;
      const etag = `"${createHash('sha1').update(`${key}|${version}`).digest('base64url').slice(0, 20)}"`;
      const entry = { version, etag, body: Buffer.from(html) };
      drop(key);
      entries.set(key, entry);
      bytes += entry.body.length;
      while (entries.size > MAX_ENTRIES || (bytes > MAX_BYTES && entries.size > 1)) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      return entry;
    },
  };
}
