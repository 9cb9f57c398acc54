import type { RepositoryChatDto, DiscoveryRepositoryDto } from '../../../shared/api/discovery';
import type { IssueDto, RepositoryCardDto, RepositoryDetailsDto } from '../../../shared/api/repositories';
import { ROOM_CONTRIBUTORS_LIMIT, ROOM_RELEASES_LIMIT, ROOM_TOPICS_LIMIT } from '../../../shared/limits';
import type { RoomActivityRow } from '../../db/repositories/discovery.repository';
import type { GitHubContributor, GitHubIssue, GitHubRelease, GitHubRepository } from '../../github/github-types';

/**
 * Only http(s) URLs from GitHub are passed on: a link or image with any other scheme
 * (javascript:, data:, …) becomes an empty string, which the client treats as absent.
 */
export function safeUrl(url: string | null | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '';
  } catch {
    return '';
  }
}

/** GitHub repository → the card fields (docs/PRODUCT.md §3 Repository); nothing else leaves the server. */
export function presentRepositoryCard(repo: GitHubRepository): RepositoryCardDto {
  return {
    id: repo.id,
    name: repo.name,
    full_name: repo.full_name,
    description: repo.description ?? null,
    html_url: safeUrl(repo.html_url),
    language: repo.language ?? null,
    stargazers_count: repo.stargazers_count,
    forks_count: repo.forks_count,
    owner: { login: repo.owner.login, avatar_url: safeUrl(repo.owner.avatar_url) },
  };
}

export function presentChat(room: RoomActivityRow | undefined): RepositoryChatDto | null {
  if (!room) return null;
  return {
    room_id: room.room_id,
    active_members: room.active_members,
    last_activity_at: room.last_activity_at,
    last_message_at: room.last_message_at ?? null,
  };
}

export function presentDiscoveryRepository(
  repo: GitHubRepository,
  room: RoomActivityRow | undefined,
): DiscoveryRepositoryDto {
  return { ...presentRepositoryCard(repo), chat: presentChat(room) };
}

export function presentRepositoryDetails(
  repo: GitHubRepository,
  contributors: GitHubContributor[],
  releases: GitHubRelease[],
): RepositoryDetailsDto {
  return {
    ...presentRepositoryCard(repo),
    default_branch: repo.default_branch,
    open_issues_count: repo.open_issues_count,
    topics: (repo.topics ?? []).slice(0, ROOM_TOPICS_LIMIT),
    contributors: contributors
      .slice(0, ROOM_CONTRIBUTORS_LIMIT)
      .map((c) => ({ id: c.id, login: c.login, avatar_url: safeUrl(c.avatar_url) })),
    releases: releases
      .slice(0, ROOM_RELEASES_LIMIT)
      .map((r) => ({ id: r.id, tag_name: r.tag_name, html_url: safeUrl(r.html_url) })),
  };
}

export function presentIssue(issue: GitHubIssue): IssueDto {
  return {
    id: issue.id,
    number: issue.number,
    title: issue.title,
    html_url: safeUrl(issue.html_url),
    labels: issue.labels.map((label) => ({ id: label.id, name: label.name })),
  };
}

/**
 * A repository we only know by name (GitHub could not be asked): owner and name split on the
 * slash, zero stars and forks, no description or language (docs/PRODUCT.md §2.5, chat room fallback).
 */
export function minimalRepository(fullName: string, webUrl: string): GitHubRepository {
  const [owner = fullName, name = fullName] = fullName.split('/');
  return {
    id: 0,
    name,
    full_name: fullName,
    owner: { login: owner, id: 0, avatar_url: '' },
    description: null,
    html_url: `${webUrl.replace(/\/$/, '')}/${fullName}`,
    language: null,
    stargazers_count: 0,
    forks_count: 0,
    open_issues_count: 0,
    fork: false,
    archived: false,
    default_branch: 'main',
    created_at: '',
    pushed_at: null,
  };
}
