import { useMemo } from 'react';
import { tokenizeMessage } from '../../lib/message-tokens';
import { cn } from '../../lib/cn';

/** Message text as React elements: code blocks, links, mentions and text. Never HTML. */
export function MessageContent({ content, knownUsernames }: { content: string; knownUsernames: ReadonlySet<string> }) {
  const tokens = useMemo(() => tokenizeMessage(content, knownUsernames), [content, knownUsernames]);
  return (
    <div className="text-sm break-words whitespace-pre-wrap" data-testid="message-content">
      {tokens.map((token, index) => {
        switch (token.type) {
          case 'code':
            return (
              <pre
                key={index}
                className="my-1 overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-pre text-foreground"
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
