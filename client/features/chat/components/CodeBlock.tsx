import { useEffect, useState } from 'react';
import type { CodeSpan } from './highlight-code';

/**
 * A fenced code block; `language` is what the message named on its opening line. With a language
 * the highlighter is loaded (once, on demand) and the code is redrawn as coloured spans; the plain
 * text shows until then, and for a language it does not know.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const [spans, setSpans] = useState<{ code: string; language: string; spans: CodeSpan[] } | null>(null);
  useEffect(() => {
    if (!language) return;
    let cancelled = false;
    import('./highlight-code')
      .then(({ highlightCode }) => {
        const highlighted = highlightCode(code, language);
        if (!cancelled && highlighted) setSpans({ code, language, spans: highlighted });
      })
      .catch(() => undefined); // an unreachable chunk leaves the code plain
    return () => {
      cancelled = true;
    };
  }, [code, language]);
  const current = spans && spans.code === code && spans.language === language ? spans.spans : null;
  return (
    <pre
      // Its own background (not the bubble's grey) in both themes: see --code in styles.css.
      className="my-1 overflow-x-auto rounded-md border border-code-border bg-code p-2 font-mono text-xs whitespace-pre text-code-foreground"
      data-language={language ?? undefined}
      data-highlighted-code={current ? 'true' : undefined}
    >
      <code>
        {current
          ? current.map((span, index) =>
              span.classes.length > 0 ? (
                <span key={index} className={span.classes.join(' ')}>
                  {span.text}
                </span>
              ) : (
                span.text
              ),
            )
          : code}
      </code>
    </pre>
  );
}
