import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { hashString } from '../dataset/prng';
import { send } from '../http/send';

function initials(login: string): string {
  const parts = login.split(/[-_.]+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : login.slice(0, 2);
  return letters.toUpperCase().replace(/[^A-Z0-9]/g, '') || '?';
}

/**
 * A deterministic avatar: the login's initials on a colour derived from its hash, plus a faint
 * 5x5 mirrored identicon pattern so accounts with the same initials still look different.
 */
export function avatarSvg(login: string): string {
  const h = hashString(`avatar:${login.toLowerCase()}`);
  const hue = h % 360;
  const cells: string[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if ((h >>> (y * 3 + x)) & 1) {
        for (const cx of x === 2 ? [2] : [x, 4 - x])
          cells.push(`<rect x="${cx * 48 + 20}" y="${y * 48 + 20}" width="48" height="48"/>`);
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="280" viewBox="0 0 280 280" role="img" aria-label="${login.replace(/[^\w.-]/g, '')}">` +
    `<rect width="280" height="280" fill="hsl(${hue} 55% 42%)"/>` +
    `<g fill="#ffffff" opacity="0.12">${cells.join('')}</g>` +
    `<text x="140" y="140" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="112" font-weight="600" fill="#ffffff">${initials(login)}</text>` +
    '</svg>'
  );
}

export function serveAvatar(res: ServerResponse, rawLogin: string, ifNoneMatch: string | undefined): void {
  const login = decodeURIComponent(rawLogin);
  const svg = avatarSvg(login);
  const etag = `"${createHash('sha1').update(svg).digest('hex')}"`;
  const headers = {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=31536000, immutable',
    etag: etag,
    'access-control-allow-origin': '*',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (ifNoneMatch === etag) send(res, 304, headers);
  else send(res, 200, headers, svg);
}
