/**
 * The e-mails' text and HTML parts. The HTML has inline styles only and no external resource
 * (no image, font or stylesheet), so common clients render it as sent.
 */
export interface MailLink {
  label: string;
  url: string;
}

export interface MissedItem {
  author: string;
  at: string;
  text: string;
  url: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function layout(title: string, body: string, footer: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f6f8fa;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f8fa;padding:24px 0"><tr><td align="center">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border:1px solid #d0d7de;border-radius:6px">',
    `<tr><td style="padding:20px 24px;font-size:18px;font-weight:600;border-bottom:1px solid #d0d7de">${escapeHtml(title)}</td></tr>`,
    `<tr><td style="padding:16px 24px">${body}</td></tr>`,
    `<tr><td style="padding:16px 24px;font-size:12px;color:#656d76;border-top:1px solid #d0d7de">${footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}

function footerOf(unsubscribeUrl: string, settingsUrl: string): { text: string; html: string } {
  return {
    text: `You get this e-mail because of your RepoRooms e-mail notifications.\nUnsubscribe: ${unsubscribeUrl}\nSettings: ${settingsUrl}`,
    html: `You get this e-mail because of your RepoRooms e-mail notifications. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0969da">Unsubscribe</a> · <a href="${escapeHtml(settingsUrl)}" style="color:#0969da">Settings</a>`,
  };
}

/** What someone missed in one room: up to ten mentions and replies, each with a link that opens it. */
export function renderMissedMail(
  room: string,
  roomUrl: string,
  items: MissedItem[],
  unsubscribeUrl: string,
  settingsUrl: string,
): RenderedMail {
  const subject = `${items.length === 1 ? 'A new message' : `${items.length} new messages`} for you in ${room}`;
  const footer = footerOf(unsubscribeUrl, settingsUrl);
  const text = [
    `You were mentioned or answered in ${room} while you were away:`,
    '',
    ...items.flatMap((item) => [`${item.author} · ${when(item.at)}`, item.text, `Open: ${item.url}`, '']),
    `Open the room: ${roomUrl}`,
    '',
    footer.text,
  ].join('\n');
  const rows = items
    .map(
      (item) =>
        `<div style="margin:0 0 16px 0;padding:12px;border:1px solid #d0d7de;border-radius:6px">` +
        `<div style="font-size:13px;color:#656d76">${escapeHtml(item.author)} · ${escapeHtml(when(item.at))}</div>` +
        `<div style="font-size:14px;margin:6px 0;white-space:pre-wrap">${escapeHtml(item.text)}</div>` +
        `<a href="${escapeHtml(item.url)}" style="font-size:13px;color:#0969da">Open message</a></div>`,
    )
    .join('');
  const body =
    `<p style="margin:0 0 16px 0;font-size:14px">You were mentioned or answered in <strong>${escapeHtml(room)}</strong> while you were away:</p>` +
    rows +
    `<a href="${escapeHtml(roomUrl)}" style="display:inline-block;padding:8px 14px;background:#1f883d;color:#ffffff;border-radius:6px;text-decoration:none;font-size:14px">Open the room</a>`;
  return { subject, text, html: layout(subject, body, footer.html) };
}

/** The daily digest: per room, the day's threads and their answers. */
export function renderDigestMail(
  day: string,
  rooms: Array<{ room: string; threads: Array<{ root: MissedItem; replies: number; answer: string | null }> }>,
  unsubscribeUrl: string,
  settingsUrl: string,
): RenderedMail {
  const subject = `Daily digest for ${day}`;
  const footer = footerOf(unsubscribeUrl, settingsUrl);
  const text = [
    subject,
    '',
    ...rooms.flatMap((r) => [
      r.room,
      ...r.threads.flatMap((t) => [
        `- ${t.root.author}: ${t.root.text} (${t.replies} ${t.replies === 1 ? 'answer' : 'answers'})`,
        ...(t.answer ? [`  Answer: ${t.answer}`] : []),
        `  ${t.root.url}`,
      ]),
      '',
    ]),
    footer.text,
  ].join('\n');
  const body = rooms
    .map(
      (r) =>
        `<h2 style="font-size:15px;margin:0 0 8px 0">${escapeHtml(r.room)}</h2>` +
        r.threads
          .map(
            (t) =>
              `<div style="margin:0 0 12px 0;font-size:14px"><strong>${escapeHtml(t.root.author)}</strong>: ${escapeHtml(t.root.text)}` +
              `<div style="font-size:13px;color:#656d76">${t.replies} ${t.replies === 1 ? 'answer' : 'answers'}${t.answer ? ` · Answer: ${escapeHtml(t.answer)}` : ''}</div>` +
              `<a href="${escapeHtml(t.root.url)}" style="font-size:13px;color:#0969da">Open thread</a></div>`,
          )
          .join(''),
    )
    .join('');
  return { subject, text, html: layout(subject, body, footer.html) };
}

/** The e-mail that confirms a typed address. */
export function renderConfirmMail(confirmUrl: string): RenderedMail {
  const subject = 'Confirm your e-mail address for RepoRooms';
  const text = `Open this link to receive RepoRooms notifications at this address:\n${confirmUrl}\n\nIf you did not ask for it, ignore this e-mail.`;
  const body =
    `<p style="font-size:14px">Open this link to receive RepoRooms notifications at this address:</p>` +
    `<a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:8px 14px;background:#1f883d;color:#ffffff;border-radius:6px;text-decoration:none;font-size:14px">Confirm address</a>` +
    `<p style="font-size:13px;color:#656d76">If you did not ask for it, ignore this e-mail.</p>`;
  return { subject, text, html: layout(subject, body, 'RepoRooms') };
}
