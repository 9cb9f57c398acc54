import { useLocation, useSearchParams } from 'react-router';
import { usePageMeta } from '../../hooks/usePageMeta';
import { SearchForm } from './SearchForm';
import { SearchOutcome } from './SearchOutcome';

import MentionsPage from './MentionsPage';

/**
 * /search and /mentions, the pages for finding messages, share one chunk (and one lazy component
 * in the router, which every first visit downloads).
 */
export default function MessageFinderPage() {
  return useLocation().pathname === '/mentions' ? <MentionsPage /> : <MessageSearchPage />;
}

/** /search?q=…: messages of every room I am a member of. */
function MessageSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  usePageMeta({ title: q ? `Search: ${q}` : 'Search messages', path: '/search', noindex: true });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold">Search messages</h1>
      <p className="text-sm text-muted-foreground">
        Searches every room you are a member of for messages with all your words. End a word with <code>*</code> to find
        every word it begins (<code>deploy*</code>), and add <code>from:login</code> to keep one person&apos;s messages.
      </p>
      {/* A new search remounts the box with it (back and forward walk through searches). */}
      <SearchForm key={q} initial={q} onSearch={(next) => setParams(next ? { q: next } : {})} autoFocus={q === ''} />
      <SearchOutcome q={q} />
    </div>
  );
}
