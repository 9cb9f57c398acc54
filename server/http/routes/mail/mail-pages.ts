const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A page of its own for a link opened from an e-mail (no script, no external resource). */
export function mailPage(message: string, body = ''): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(message)} · RepoRooms</title></head>`,
    `<body><main><h1>${escapeHtml(message)}</h1>${body}<p><a href="/profile">E-mail settings</a> · <a href="/">RepoRooms</a></p></main></body></html>`,
  ].join('');
}

/**
 * The unsubscribe link's question: a button that POSTs to the link's own address (the body is
 * RFC 8058's, so the page and a mail client's one click are the same request).
 */
export function unsubscribeForm(token: string): string {
  const action = `/mail/unsubscribe?token=${encodeURIComponent(token)}`;
  return (
    '<p>You will get no e-mail about mentions and replies, and no daily digest. You can turn them on again in your settings.</p>' +
    `<form method="post" action="${escapeHtml(action)}">` +
    '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
    '<button type="submit">Unsubscribe</button></form>'
  );
}

export interface OutboxEntry {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  headers: string;
  created_at: string;
}

/** The demo outbox: every e-mail the site would have sent, newest first, with its text part. */
export function outboxPage(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (e) =>
        `<article data-testid="outbox-mail"><h2>${escapeHtml(e.subject)}</h2>` +
        `<p>To: ${escapeHtml(e.recipient)} · ${escapeHtml(e.created_at)} · <a href="/_emulator/mail/${encodeURIComponent(e.id)}">HTML part</a></p>` +
        `<details><summary>Headers</summary><pre>${escapeHtml(
          Object.entries(JSON.parse(e.headers) as Record<string, string>)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
        )}</pre></details>` +
        `<pre style="white-space:pre-wrap">${linkify(e.text_body)}</pre></article><hr>`,
    )
    .join('');
  return mailPage(
    'Outbox',
    `<p>This demo site sends no e-mail (no SMTP_URL): the e-mails it would send are kept here.</p>${items || '<p>No e-mail yet.</p>'}`,
  );
}

/** Addresses of the site in a text part become links (the rest stays text). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
