import { useMemo, type ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import { formatMessage, type InlineNode } from '../../../lib/message-format';
import { tokenizeMessage } from '../../../lib/message-tokens';
import { cn } from '../../../lib/cn';
import { referenceKey, type GitHubReferenceDto } from '../../../../shared/github-references';
import { CodeBlock } from './CodeBlock';
import { GitHubReference, useReferenceContext } from './GitHubReference';

/**
 * Message text as React elements: code blocks, quotes, bold, italic, strikethrough, inline code,
 * links, GitHub references (with title and state once `references` has them), mentions and text.
 * Never HTML.
 * `tabbable` false takes its links out of the Tab order (the message list's roving focus).
 */
export function MessageContent({
  content,
  knownUsernames,
  tabbable = true,
  references,
}: {
  content: string;
  knownUsernames: ReadonlySet<string>;
  tabbable?: boolean;
  /** The message's resolved GitHub references. */
  references?: readonly GitHubReferenceDto[] | undefined;
}) {
  const context = useReferenceContext();
  const blocks = useMemo(
    () => formatMessage(tokenizeMessage(content, knownUsernames, context)),
    [content, knownUsernames, context],
  );
  const resolved = useMemo(() => new Map((references ?? []).map((ref) => [referenceKey(ref), ref])), [references]);
  const inline = (nodes: InlineNode[]): ReactNode[] =>
    nodes.map((node, index) =>
      node.type === 'reference' ? (
        <GitHubReference
          key={index}
          text={node.text}
          href={node.href}
          reference={resolved.get(referenceKey(node))}
          roomRepo={context.repo}
          tabbable={tabbable}
        />
      ) : (
        renderInline(node, index, tabbable, inline)
      ),
    );
  return (
    <div className="text-sm break-words whitespace-pre-wrap" data-testid="message-content">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'code':
            return <CodeBlock key={index} code={block.text} language={block.language} />;
          case 'quote':
            return (
              <blockquote key={index} className="my-1 border-l-2 border-muted-foreground/40 pl-2 text-muted-foreground">
                {inline(block.children)}
              </blockquote>
            );
          default:
            return <span key={index}>{inline(block.children)}</span>;
        }
      })}
    </div>
  );
}

function renderInline(
  node: InlineNode,
  index: number,
  tabbable: boolean,
  inline: (nodes: InlineNode[]) => ReactNode[],
): ReactNode {
  switch (node.type) {
    case 'strong':
      return <strong key={index}>{inline(node.children)}</strong>;
    case 'em':
      return <em key={index}>{inline(node.children)}</em>;
    case 'del':
      return <del key={index}>{inline(node.children)}</del>;
    case 'inline-code':
      return (
        <code
          key={index}
          className="rounded border border-code-border bg-code px-1 font-mono text-xs text-code-foreground"
        >
          {node.text}
        </code>
      );
    case 'link':
      return (
        // dir="ltr" isolates the address: surrounding right-to-left text cannot reorder its parts.
        <a
          key={index}
          dir="ltr"
          href={node.href}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          tabIndex={tabbable ? undefined : -1}
          className="break-all underline underline-offset-2"
        >
          {node.text}
        </a>
      );
    case 'mention': {
      const className = cn(
        'rounded px-0.5',
        node.known ? 'bg-primary/15 font-semibold text-primary' : 'text-muted-foreground',
      );
      // A member's handle links to their public profile; an unknown one stays text.
      return node.known ? (
        <MentionLink
          key={index}
          to={`/user/${encodeURIComponent(node.text.slice(1))}`}
          className={cn(className, 'hover:underline')}
          tabbable={tabbable}
        >
          {node.text}
        </MentionLink>
      ) : (
        <span key={index} data-mention="unknown" className={className}>
          {node.text}
        </span>
      );
    }
    default:
      return <span key={index}>{node.text}</span>;
  }
}

/** A link to a mentioned member's profile: a router link in the app, a plain one elsewhere. */
function MentionLink({
  to,
  className,
  tabbable,
  children,
}: {
  to: string;
  className: string;
  tabbable: boolean;
  children: string;
}) {
  // The same rel as every link in user text: the handle comes from a message.
  const props = {
    className,
    rel: 'noopener noreferrer nofollow ugc',
    'data-mention': 'known',
    tabIndex: tabbable ? undefined : -1,
  };
  return useInRouterContext() ? (
    <Link to={to} {...props}>
      {children}
    </Link>
  ) : (
    <a href={to} {...props}>
      {children}
    </a>
  );
}
