/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

const STYLE = `
body{margin:0;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;background:#f6f8fa;color:#1f2328}
main{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d0d7de;border-radius:12px}
h1{font-size:20px;margin:0 0 8px}p{margin:8px 0}.muted{color:#59636e;font-size:13px}
.banner{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:8px 12px;font-size:13px}
ul.scopes{padding-left:20px;margin:8px 0}
.account{display:flex;align-items:center;gap:12px;margin:10px 0}
.account img{width:40px;height:40px;border-radius:50%}
.account .who{flex:1}.account .name{font-weight:600}
button{font:inherit;cursor:pointer;border-radius:6px;padding:6px 14px;border:1px solid #1f883d;background:#1f883d;color:#fff}
button.secondary{background:#f6f8fa;color:#1f2328;border-color:#d0d7de;width:100%;margin-top:16px}
.suggested{outline:2px solid #0969da;border-radius:8px;padding:4px}
`;

/** A complete page with inline CSS only: no scripts and no external assets. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

/** CSP for emulator pages: inline styles and same-origin images only. */
export function pageHeaders(publicUrl: string): Record<string, string> {
  const origin = new URL(publicUrl).origin;
  return {
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src ${origin}; base-uri 'none'; frame-ancestors 'none'`,
    'cache-control': 'no-store',
    'x-frame-options': 'deny',
    'referrer-policy': 'no-referrer',
  };
}
