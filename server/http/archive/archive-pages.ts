import type { MessageDto } from '../../../shared/api/rooms';
import { displayName } from '../../../shared/display-name';
import { messageExcerpt } from '../../../shared/excerpt';
import type { TokenContext } from '../../../shared/message-tokens';
import type { ArchiveAuthorRow, ArchiveDayRow } from '../../services/archive/archive.service';
import type { ArchiveRoom } from '../../services/archive/archive.service';
import { escapeHtml, messageHtml, pageHtml } from './archive-html';

export interface PageContext {
  room: ArchiveRoom;
  /** The site's public origin, without a trailing slash. */
  origin: string;
  githubWebUrl: string;
}

export const archivePath = (repo: string) => `/r/${repo}/archive`;
export const dayPath = (repo: string, day: string) => `/r/${repo}/archive/${day}`;
export const threadPath = (repo: string, rootId: string) => `/r/${repo}/threads/${rootId}`;

const tokenContext = (page: PageContext): TokenContext => ({
  repo: page.room.repoFullName,
  webUrl: page.githubWebUrl.replace(/\/+$/, ''),
});

const longDay = (day: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

function roomNav(page: PageContext, extra: string[] = []): string {
  const repo = page.room.repoFullName;
  const links = [
    `<li><a href="/r/${repo}">Open in RepoRooms</a></li>`,
    `<li><a href="${archivePath(repo)}">Archive</a></li>`,
    ...extra,
  ];
  return `<nav aria-label="Archive"><ul>${links.join('')}</ul></nav>`;
}

/** `/r/{owner}/{name}/archive`: the room's days with their message counts, newest first. */
export function daysPage(page: PageContext, days: ArchiveDayRow[], at: number, pages: number): string {
  const repo = page.room.repoFullName;
  const query = at > 1 ? `?page=${at}` : '';
  const list = days.length
    ? `<ul class="days">${days.map((d) => `<li><a href="${dayPath(repo, d.day)}">${longDay(d.day)}</a>: ${d.count} ${d.count === 1 ? 'message' : 'messages'}</li>`).join('')}</ul>`
    : '<p>No messages yet.</p>';
  const paging = [
    at > 1 ? `<li><a href="${archivePath(repo)}${at > 2 ? `?page=${at - 1}` : ''}" rel="prev">Newer days</a></li>` : '',
    at < pages ? `<li><a href="${archivePath(repo)}?page=${at + 1}" rel="next">Older days</a></li>` : '',
  ].join('');
  return pageHtml(
    {
      title: `${repo} chat archive${at > 1 ? ` (page ${at})` : ''} · RepoRooms`,
      description: `Every day of the ${repo} chat room on RepoRooms, with its messages: questions, answers and discussions about the repository.`,
      canonical: `${page.origin}${archivePath(repo)}${query}`,
      noindex: !page.room.indexed,
    },
    `${roomNav(page)}<h1>${escapeHtml(repo)} chat archive</h1>${list}${paging ? `<nav aria-label="Pages"><ul>${paging}</ul></nav>` : ''}`,
  );
}

/** `/r/{owner}/{name}/archive/{day}`: that day's messages in order. */
export function dayPage(
  page: PageContext,
  day: string,
  data: {
    messages: MessageDto[];
    authors: Map<string, ArchiveAuthorRow>;
    previous: string | null;
    next: string | null;
  },
): string {
  const repo = page.room.repoFullName;
  const context = tokenContext(page);
  const items = data.messages
    .map((message) =>
      messageHtml(message, {
        authors: data.authors,
        context,
        roomId: page.room.id,
        threadHref: threadPath(repo, message.id),
      }),
    )
    .join('');
  const first = data.messages[0];
  const extra = [
    data.previous ? `<li><a href="${dayPath(repo, data.previous)}" rel="prev">Previous day</a></li>` : '',
    data.next ? `<li><a href="${dayPath(repo, data.next)}" rel="next">Next day</a></li>` : '',
  ];
  const count = data.messages.length;
  return pageHtml(
    {
      title: `${repo} chat on ${longDay(day)} · RepoRooms`,
      description: `${count} ${count === 1 ? 'message' : 'messages'} in the ${repo} chat room on ${longDay(day)}${first ? `, starting with: ${messageExcerpt(first.content, 120)}` : ''}`,
      canonical: `${page.origin}${dayPath(repo, day)}`,
      noindex: !page.room.indexed,
      ogType: 'article',
    },
    `${roomNav(page, extra)}<h1>${escapeHtml(repo)} chat on ${longDay(day)}</h1>${items}`,
  );
}

function person(message: MessageDto): { '@type': 'Person'; name: string } {
  return { '@type': 'Person', name: displayName(message.author) };
}

/** `/r/{owner}/{name}/threads/{id}`: a thread, titled by its root's first line, with its JSON-LD. */
export function threadPage(
  page: PageContext,
  data: { root: MessageDto; replies: MessageDto[]; authors: Map<string, ArchiveAuthorRow> },
): string {
  const repo = page.room.repoFullName;
  const { root, replies } = data;
  const context = tokenContext(page);
  const title = messageExcerpt(root.content, 110) || 'Thread';
  const canonical = `${page.origin}${threadPath(repo, root.id)}`;
  const answerId = root.thread?.answer?.message_id ?? null;
  const answer = replies.find((reply) => reply.id === answerId);
  const urlOf = (message: MessageDto) => `${canonical}#m-${message.id}`;
  const jsonLd = answer
    ? {
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        mainEntity: {
          '@type': 'Question',
          name: title,
          text: root.content,
          answerCount: replies.length,
          dateCreated: root.created_at,
          author: person(root),
          acceptedAnswer: {
            '@type': 'Answer',
            text: answer.content,
            dateCreated: answer.created_at,
            author: person(answer),
            url: urlOf(answer),
          },
          suggestedAnswer: replies
            .filter((reply) => reply.id !== answer.id)
            .map((reply) => ({
              '@type': 'Answer',
              text: reply.content,
              dateCreated: reply.created_at,
              author: person(reply),
              url: urlOf(reply),
            })),
        },
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'DiscussionForumPosting',
        headline: title,
        text: root.content,
        url: canonical,
        datePublished: root.created_at,
        author: person(root),
        commentCount: replies.length,
        comment: replies.map((reply) => ({
          '@type': 'Comment',
          text: reply.content,
          datePublished: reply.created_at,
          author: person(reply),
          url: urlOf(reply),
        })),
      };
  const day = root.created_at.slice(0, 10);
  const options = { authors: data.authors, context, roomId: page.room.id };
  const body = [
    roomNav(page, [`<li><a href="${dayPath(repo, day)}">${longDay(day)}</a></li>`]),
    `<h1>${escapeHtml(title)}</h1>`,
    messageHtml(root, options),
    `<h2>${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}</h2>`,
    replies.map((reply) => messageHtml(reply, { ...options, answer: reply.id === answerId })).join(''),
  ].join('');
  return pageHtml(
    {
      title: `${title} · ${repo} · RepoRooms`,
      description: `${answer ? 'Answered question' : 'Discussion'} in the ${repo} chat room: ${messageExcerpt(root.content, 140)}`,
      canonical,
      noindex: !page.room.indexed,
      ogType: 'article',
      jsonLd,
    },
    body,
  );
}
