import { expect, type BrowserContext, type Page } from '@playwright/test';

// The e2e code is type-checked without the DOM library: the few browser shapes used in the page.
interface DomAttribute {
  name: string;
  value: string;
}
interface DomElement {
  localName: string;
  namespaceURI: string | null;
  outerHTML: string;
  textContent: string | null;
  attributes: ArrayLike<DomAttribute>;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): DomElement | null;
}
interface DomDocument {
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
interface DomGlobals {
  document: DomDocument;
  DOMParser: new () => { parseFromString(html: string, type: string): DomDocument };
  location: { href: string; origin: string };
}
interface ViolationEvent {
  violatedDirective: string;
  blockedURI: string;
  sample: string;
}

/** Something in a document that should never be there when hostile text is shown as text. */
export interface InjectionFinding {
  kind: string;
  detail: string;
}

/** What the canary saw across every page of a browser context (kept in Node, so navigation loses nothing). */
export interface CanaryLog {
  /** Ids passed to window.__xss, plus `alert:`/`confirm:`/`prompt:` calls and dialogs. */
  hits: string[];
  /** Content-Security-Policy violations: something tried to run or load against the policy. */
  violations: string[];
}

/**
 * Installs the canary before any page script runs: `window.__xss(id)` records the id (every
 * payload of the corpus calls it if it ever executes), alert/confirm/prompt are recorded instead
 * of shown, and CSP violations are recorded. Reports also go to Node through a binding.
 */
export async function installCanary(context: BrowserContext): Promise<CanaryLog> {
  const log: CanaryLog = { hits: [], violations: [] };
  await context.exposeBinding('__xssReport', (_source, kind: string, detail: string) => {
    if (kind === 'violation') log.violations.push(detail);
    else log.hits.push(detail);
  });
  await context.addInitScript(() => {
    type Report = (kind: string, detail: string) => void;
    const w = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (event: ViolationEvent) => void): void };
      __xss: (id: unknown) => void;
      __xssHits: string[];
      __cspViolations: string[];
      __xssReport?: Report;
      alert: (message?: unknown) => void;
      confirm: (message?: unknown) => boolean;
      prompt: (message?: unknown) => string | null;
    };
    const report: Report = (kind, detail) => {
      void w.__xssReport?.(kind, detail);
    };
    w.__xssHits = [];
    w.__cspViolations = [];
    w.__xss = (id) => {
      w.__xssHits.push(String(id));
      report('hit', String(id));
    };
    w.alert = (message) => w.__xss(`alert:${String(message)}`);
    w.confirm = (message) => {
      w.__xss(`confirm:${String(message)}`);
      return false;
    };
    w.prompt = (message) => {
      w.__xss(`prompt:${String(message)}`);
      return null;
    };
    w.document.addEventListener('securitypolicyviolation', (event) => {
      const detail = `${event.violatedDirective} ${event.blockedURI} ${event.sample}`.trim();
      w.__cspViolations.push(detail);
      report('violation', detail);
    });
  });
  context.on('page', (page) => attachDialogGuard(page, log));
  return log;
}

/** A dialog is never expected: record it and dismiss it so the page does not hang. */
export function attachDialogGuard(page: Page, log: CanaryLog): void {
  page.on('dialog', (dialog) => {
    log.hits.push(`dialog:${dialog.type()}:${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
}

/**
 * Runs in the page. Scans `document`, or the given HTML parsed inertly (DOMParser never runs
 * scripts), for injected markup. Self-contained: Playwright serialises it into the page.
 */
function scanDocument(html: string | null): InjectionFinding[] {
  const g = globalThis as unknown as DomGlobals;
  const doc = html === null ? g.document : new g.DOMParser().parseFromString(html, 'text/html');
  const findings: InjectionFinding[] = [];
  const describe = (el: DomElement): string => el.outerHTML.slice(0, 160);
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  const schemeOf = (value: string): string | null => {
    // eslint-disable-next-line no-control-regex -- see above
    const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
    const match = /^([a-z][a-z0-9+.-]*):/.exec(compact);
    return match ? (match[1] ?? null) : null;
  };
  const URL_ATTRIBUTES = [
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
    'ping',
    'codebase',
    'cite',
  ];
  const FORBIDDEN_ELEMENTS = ['iframe', 'object', 'embed', 'frame', 'frameset', 'applet', 'portal', 'base'];
  // Elements the app only ever has in <head>; inside <body> they can only come from injection.
  const HEAD_ONLY = ['meta', 'link', 'style', 'title'];
  const isAppScript = (el: DomElement): boolean => {
    const src = el.getAttribute('src');
    if (src !== null) {
      try {
        const url = new URL(src, g.location.href);
        return (
          url.origin === g.location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/theme-init.js')
        );
      } catch {
        return false;
      }
    }
    // A JSON-LD data block (page metadata) is never executed; it must still be pure JSON.
    if (el.getAttribute('type') === 'application/ld+json' && el.closest('head')) {
      try {
        JSON.parse(el.textContent ?? '');
        return !/<\/?script/i.test(el.textContent ?? '');
      } catch {
        return false;
      }
    }
    return false;
  };

  for (const el of Array.from(doc.querySelectorAll('*'))) {
    const tag = el.localName.toLowerCase();
    if (el.hasAttribute('data-xss')) findings.push({ kind: 'data-xss attribute', detail: describe(el) });
    for (const attribute of Array.from(el.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) findings.push({ kind: `event handler attribute ${name}`, detail: describe(el) });
      if (name === 'srcdoc') findings.push({ kind: 'srcdoc attribute', detail: describe(el) });
      if (URL_ATTRIBUTES.includes(name)) {
        const scheme = schemeOf(attribute.value);
        const imageData =
          scheme === 'data' && tag === 'img' && /^\s*data:image\/(png|gif|jpeg|webp);/i.test(attribute.value);
        if ((scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data') && !imageData) {
          findings.push({ kind: `${scheme}: URL in ${name}`, detail: describe(el) });
        }
      }
    }
    if (tag === 'script' && !isAppScript(el)) findings.push({ kind: 'foreign <script>', detail: describe(el) });
    if (FORBIDDEN_ELEMENTS.includes(tag)) findings.push({ kind: `<${tag}> element`, detail: describe(el) });
    const html = el.namespaceURI === 'http://www.w3.org/1999/xhtml';
    if (html && HEAD_ONLY.includes(tag) && !el.closest('head'))
      findings.push({ kind: `<${tag}> outside <head>`, detail: describe(el) });
    if (tag === 'meta' && el.hasAttribute('http-equiv'))
      findings.push({ kind: '<meta http-equiv>', detail: describe(el) });
    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.getAttribute('href') ?? '';
      const scheme = schemeOf(href);
      if (scheme !== null && scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') {
        findings.push({ kind: `link with ${scheme}: href`, detail: describe(el) });
      }
    }
  }
  // Links inside chat messages are user content: they must not pass on the page or endorse the target.
  for (const link of Array.from(doc.querySelectorAll('[data-testid="message-content"] a'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const missing = ['noopener', 'noreferrer', 'nofollow', 'ugc'].filter((token) => !rel.includes(token));
    if (missing.length > 0)
      findings.push({ kind: `message link without rel ${missing.join(' ')}`, detail: describe(link) });
    if (link.getAttribute('target') === '_blank' && !rel.includes('noopener')) {
      findings.push({ kind: 'message link opens a tab with opener', detail: describe(link) });
    }
  }
  return findings;
}

/** Findings in the live DOM of the page (every frame's document is reached through the page's own). */
export function findInjections(page: Page): Promise<InjectionFinding[]> {
  return page.evaluate(scanDocument, null);
}

/** Findings in a piece of HTML (e.g. what the server sent), parsed inertly inside the page. */
export function findInjectionsInHtml(page: Page, html: string): Promise<InjectionFinding[]> {
  return page.evaluate(scanDocument, html);
}

/**
 * The whole check for one rendered page: nothing ran (canary and CSP), no dialog opened, and the
 * DOM holds no injected element, handler or unsafe URL.
 */
export async function assertNoInjection(page: Page, log: CanaryLog, where: string): Promise<void> {
  const inPage = await page.evaluate(() => {
    const w = globalThis as unknown as { __xssHits?: string[]; __cspViolations?: string[] };
    return { hits: w.__xssHits ?? null, violations: w.__cspViolations ?? null };
  });
  expect(inPage.hits, `${where}: the canary is installed`).not.toBeNull();
  expect(inPage.hits, `${where}: window.__xssHits`).toEqual([]);
  expect(log.hits, `${where}: canary hits and dialogs in this context`).toEqual([]);
  expect(inPage.violations, `${where}: CSP violations on this page`).toEqual([]);
  expect(log.violations, `${where}: CSP violations in this context`).toEqual([]);
  const findings = await findInjections(page);
  expect(findings, `${where}: injected markup in the DOM`).toEqual([]);
  for (const frame of page.frames()) {
    expect(
      frame === page.mainFrame() || frame.url() === 'about:blank',
      `${where}: unexpected frame ${frame.url()}`,
    ).toBe(true);
  }
}

/** Whitespace collapsed, the way text is compared across DOM nodes. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of the elements matching `selector` (all of them, in document order), normalised. */
export async function shownText(page: Page, selector: string): Promise<string> {
  const text = await page
    .locator(selector)
    .evaluateAll((elements) => elements.map((el) => el.textContent ?? '').join('\n'));
  return normalizeText(text);
}

/**
 * Every fragment is present, as text, in what `selector` shows: the payload was rendered, not
 * dropped. `markup` names characters a renderer may consume as formatting (message formatting
 * markers): they are left out on both sides, every other character must be there, in order.
 */
export async function expectShownAsText(
  page: Page,
  selector: string,
  fragments: string[],
  where: string,
  markup?: RegExp,
): Promise<void> {
  expect(fragments.length, `${where}: fragments to look for`).toBeGreaterThan(0);
  await expect(page.locator(selector).first()).toBeVisible();
  const strip = (value: string) => (markup ? normalizeText(value.replace(markup, '')) : value);
  const text = strip(await shownText(page, selector));
  const missing = fragments
    .map(normalizeText)
    .filter((fragment) => fragment.length > 0 && !text.includes(strip(fragment)));
  expect(missing, `${where}: payload text not shown`).toEqual([]);
}
