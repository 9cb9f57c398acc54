import type { MessageDto } from '../../../shared/api/rooms';
import { displayName } from '../../../shared/display-name';
import { formatMessage, type BlockNode, type InlineNode } from '../../../shared/message-format';
import { tokenizeMessage, type TokenContext } from '../../../shared/message-tokens';
import type { ArchiveAuthorRow } from '../../services/archive/archive.service';
import { ATTACHMENTS_STYLE, attachmentsHtml } from './archive-attachments';
import { escapeHtml } from './html-escape';

export { escapeHtml };

/** JSON inside <script type="application/ld+json">: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function inline(node: InlineNode): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.text);
    case 'inline-code':
      return `<code>${escapeHtml(node.text)}</code>`;
    case 'link':
      return `<a href="${escapeHtml(node.href)}" rel="nofollow ugc noopener">${escapeHtml(node.text)}</a>`;
    case 'mention':
      return `<span class="mention">${escapeHtml(node.text)}</span>`;
    case 'reference':
      return `<a href="${escapeHtml(node.href)}" rel="nofollow ugc noopener">${escapeHtml(node.text)}</a>`;
    case 'strong':
    case 'em':
    case 'del':
      return `<${node.type}>${node.children.map(inline).join('')}</${node.type}>`;
  }
}

function block(node: BlockNode): string {
  switch (node.type) {
    case 'code':
      return `<pre><code>${escapeHtml(node.text)}</code></pre>`;
    case 'quote':
      return `<blockquote>${node.children.map(inline).join('')}</blockquote>`;
    case 'inline':
      return `<p>${node.children.map(inline).join('')}</p>`;
  }
}

/** Formatted texts kept for the next build of a page: a day page is built again whenever its room changes. */
const BODIES_KEPT = 20_000;
const bodies = new Map<string, string>();

/**
 * A message's text, formatted as the app formats it (shared/message-format.ts), as HTML. The
 * result depends on the text and the repository its references resolve against only, so it is
 * kept by both: a page built again after its room changed formats only the texts it has not seen.
 */
export function messageBodyHtml(content: string, context: TokenContext): string {
  const key = `${context.repo}\n${context.webUrl}\n${content}`;
  const kept = bodies.get(key);
  if (kept !== undefined) return kept;
  const html = formatMessage(tokenizeMessage(content, [], context))
    .map(block)
    .join('');
  bodies.set(key, html);
  if (bodies.size > BODIES_KEPT) {
    const oldest = bodies.keys().next().value;
    if (oldest !== undefined) bodies.delete(oldest);
  }
  return html;
}

/** The name the archive shows: a private profile by its display name only, without a link or avatar. */
export function authorHtml(message: MessageDto, authors: Map<string, ArchiveAuthorRow>): string {
  const row = authors.get(message.user_id);
  const name = escapeHtml(displayName(message.author));
  if (!row || row.profile_visibility === 'private' || !row.username) return `<span class="author">${name}</span>`;
  const avatar = row.avatar_url
    ? `<img src="${escapeHtml(row.avatar_url)}" alt="" width="20" height="20" loading="lazy">`
    : '';
  return `<a class="author" href="/user/${encodeURIComponent(row.username)}">${avatar}${name}</a>`;
}

const timeFormat = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A message's time of day, 24-hour UTC ("09:05"): read from its ISO time when it is one, as formatting costs. */
export function timeOfDay(createdAt: string): string {
  return ISO_UTC.test(createdAt) && createdAt.endsWith('Z')
    ? createdAt.slice(11, 16)
    : timeFormat.format(new Date(createdAt));
}

/** One message: author, time (a permalink to it in the live room), text, references, thread. */
export function messageHtml(
  message: MessageDto,
  options: {
    authors: Map<string, ArchiveAuthorRow>;
    context: TokenContext;
    roomId: string;
    threadHref?: string | undefined;
    answer?: boolean;
  },
): string {
  const permalink = `/chat/${options.roomId}?message=${message.id}`;
  const references = (message.references ?? [])
    .map(
      (ref) =>
        `<li>${ref.kind === 'pull' ? 'Pull request' : 'Issue'} ${escapeHtml(ref.repo)}#${ref.number}: ${escapeHtml(ref.title)} (${escapeHtml(ref.state)})</li>`,
    )
    .join('');
  const thread =
    options.threadHref && message.thread && message.thread.reply_count > 0
      ? `<p class="thread"><a href="${options.threadHref}">${message.thread.reply_count} ${message.thread.reply_count === 1 ? 'reply' : 'replies'}${message.thread.answer ? ', answered' : ''}</a></p>`
      : '';
  return `<article class="message${options.answer ? ' answer' : ''}" id="m-${message.id}"><header>${authorHtml(message, options.authors)} <a class="time" href="${permalink}"><time datetime="${message.created_at}">${timeOfDay(message.created_at)}</time></a>${message.edited_at ? ' <span class="edited">(edited)</span>' : ''}${options.answer ? ' <strong class="badge">Accepted answer</strong>' : ''}</header><div class="body">${messageBodyHtml(message.content, options.context)}</div>${attachmentsHtml(message.attachments)}${references ? `<ul class="refs">${references}</ul>` : ''}${thread}</article>`;
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
  ogType?: string;
  jsonLd?: unknown;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#fff}
main{max-width:52rem;margin:0 auto;padding:1rem}
a{color:#0550ae}nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}
nav a{display:inline-block;padding:.5rem 0;min-height:24px}
.message{border-bottom:1px solid #d0d7de;padding:.75rem 0}.message header{font-size:.9rem;color:#57606a}
.author{font-weight:600;color:#1f2328}.author img{vertical-align:middle;border-radius:50%;margin-right:.25rem}
.time{color:#57606a;margin-left:.5rem;display:inline-block;padding:.25rem 0}
.body p,.body blockquote{margin:.25rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
blockquote{border-left:3px solid #d0d7de;padding-left:.75rem;color:#424a53}
pre{background:#f6f8fa;padding:.75rem;overflow-x:auto}code{font-family:ui-monospace,monospace}
.mention{font-weight:600}.answer{background:#dafbe1}.badge{color:#116329}
.days li{padding:.35rem 0}.days a{display:inline-block;padding:.25rem 0}
${ATTACHMENTS_STYLE}`;

/** A whole archive page: head (title, description, canonical, Open Graph, robots, JSON-LD) and body. */
export function pageHtml(head: PageHead, body: string): string {
  const meta = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="RepoRooms">`,
    `<meta name="twitter:card" content="summary">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${meta}<link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
