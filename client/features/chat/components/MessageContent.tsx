import { useMemo } from 'react';
import { tokenizeMessage } from '../../../lib/message-tokens';
import { cn } from '../../../lib/cn';

/**
 * Message text as React elements: code blocks, links, mentions and text. Never HTML.
 * `tabbable` false takes its links out of the Tab order (the message list's roving focus).
 */
export function MessageContent({
  content,
  knownUsernames,
  tabbable = true,
}: {
  content: string;
  knownUsernames: ReadonlySet<string>;
  tabbable?: boolean;
}) {
  const tokens = useMemo(() => tokenizeMessage(content, knownUsernames), [content, knownUsernames]);
  return (
    <div className="text-sm break-words whitespace-pre-wrap" data-testid="message-content">
      {tokens.map((token, index) => {
        switch (token.type) {
          case 'code':
            return (
              <pre
                key={index}
                // Its own background (not the bubble's grey) in both themes: see --code in styles.css.
                className="my-1 overflow-x-auto rounded-md border border-code-border bg-code p-2 font-mono text-xs whitespace-pre text-code-foreground"
                data-language={token.language ?? undefined}
              >
                <code>{token.text}</code>
              </pre>
            );
          case 'link':
            return (
              // dir="ltr" isolates the address: surrounding right-to-left text cannot reorder its parts.
              <a
                key={index}
                dir="ltr"
                href={token.href}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                tabIndex={tabbable ? undefined : -1}
                className="break-all underline underline-offset-2"
              >
                {token.text}
              </a>
            );
          case 'mention':
            return (
              <span
                key={index}
                data-mention={token.known ? 'known' : 'unknown'}
                className={cn(
                  'rounded px-0.5',
                  token.known ? 'bg-primary/15 font-semibold text-primary' : 'text-muted-foreground',
                )}
              >
                {token.text}
              </span>
            );
          default:
            return <span key={index}>{token.text}</span>;
        }
      })}
    </div>
  );
}
