import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileCode } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { CodePreviewResponse } from '../../../../shared/api/code-preview';
import { languageOfPath, parseBlobLink } from '../../../../shared/code-preview';
import { referenceWebUrls } from '../../../../shared/github-references';
import { chatApi } from '../../../api/chat-endpoints';
import { useReferenceContext } from './GitHubReference';
import type { CodeSpan } from './highlight-code';

/** Previews one message shows at most. */
const MAX_PREVIEWS = 2;
const URL_IN_TEXT = /https?:\/\/[^\s<>()]+/g;

/** The GitHub links to lines of a file in a message's text (at most MAX_PREVIEWS, each once). */
export function blobLinksIn(content: string, webUrl: string): string[] {
  const webUrls = referenceWebUrls(webUrl);
  const found = (content.match(URL_IN_TEXT) ?? []).filter((url) => parseBlobLink(url, webUrls) !== null);
  return [...new Set(found)].slice(0, MAX_PREVIEWS);
}

/** Code previews under a message: one per GitHub link to lines of a file it holds. */
export function CodePreviews({ content, roomId }: { content: string; roomId: string }) {
  const { webUrl } = useReferenceContext();
  const links = useMemo(() => blobLinksIn(content, webUrl), [content, webUrl]);
  if (links.length === 0) return null;
  return (
    <>
      {links.map((url) => (
        <CodePreview key={url} url={url} roomId={roomId} />
      ))}
    </>
  );
}

/** The lines as coloured spans, one list per line (the highlighter is loaded on first use). */
function useHighlightedLines(preview: CodePreviewResponse | undefined): CodeSpan[][] | null {
  const [lines, setLines] = useState<{ of: CodePreviewResponse; spans: CodeSpan[][] } | null>(null);
  useEffect(() => {
    const language = preview ? languageOfPath(preview.path) : null;
    if (!preview || !language) return;
    let cancelled = false;
    import('./highlight-code')
      .then(({ highlightCode }) => {
        const spans = preview.lines.map((line) => highlightCode(line, language) ?? [{ text: line, classes: [] }]);
        if (!cancelled) setLines({ of: preview, spans });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [preview]);
  return lines && lines.of === preview ? lines.spans : null;
}

/** A file's lines under the message: its path, the line numbers, the code and "View on GitHub". */
function CodePreview({ url, roomId }: { url: string; roomId: string }) {
  const preview = useQuery({
    queryKey: ['code-preview', roomId, url],
    queryFn: ({ signal }) => chatApi.rooms.codePreview(roomId, url, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  const highlighted = useHighlightedLines(preview.data);
  // A file that cannot be read leaves the link as it is: nothing is shown.
  if (!preview.data) return null;
  const { path, start_line: start, lines, html_url: htmlUrl, ref } = preview.data;
  return (
    <figure
      className="my-1 overflow-hidden rounded-md border border-code-border bg-code text-xs text-code-foreground"
      data-testid="code-preview"
      data-highlighted-code={highlighted ? 'true' : undefined}
    >
      <figcaption className="flex items-center gap-2 border-b border-code-border px-2 py-1">
        <FileCode className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate font-mono" title={`${path} @ ${ref}`}>
          {path}
        </span>
        <a
          href={htmlUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-1 hover:underline"
        >
          <ExternalLink className="h-3 w-3" aria-hidden="true" />
          View on GitHub
        </a>
      </figcaption>
      <pre className="overflow-x-auto p-0 font-mono">
        <code className="block py-1">
          {lines.map((line, index) => (
            <span key={index} className="flex" data-testid="code-preview-line">
              <span className="w-10 shrink-0 pr-2 text-right opacity-60 select-none" aria-hidden="true">
                {start + index}
              </span>
              <span className="whitespace-pre">
                {highlighted?.[index]
                  ? highlighted[index].map((span, at) =>
                      span.classes.length > 0 ? (
                        <span key={at} className={span.classes.join(' ')}>
                          {span.text}
                        </span>
                      ) : (
                        span.text
                      ),
                    )
                  : line}
              </span>
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}
