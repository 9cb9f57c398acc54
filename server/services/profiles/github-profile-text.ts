import { DISPLAY_NAME_MAX } from '../../../shared/limits';
import { cleanSingleLineText, limitCombiningMarks } from '../../../shared/validation/clean-text';
import { cleanBio, cleanDisplayName, containsHandle } from '../../../shared/validation/profile';
import type { GitHubUser } from '../../github/github-types';

/*
 * GitHub keeps whatever its users type in their name, bio, company and location, control and
 * bidirectional characters included. They are cleaned with the rules of our own profile fields
 * before they are stored, at sign-in and at every sync; what those rules would refuse from a user
 * (a letter under more than four combining marks) is cut instead.
 */

/**
 * The display name a new profile starts with: GitHub's name (cleaned, cut to the limit), else the
 * login. A GitHub name carrying an @handle ("Ada (@someone)") is not taken: our own rules refuse
 * it, since beside the real handle it can only pass for someone else.
 */
export function initialDisplayName(user: Pick<GitHubUser, 'name' | 'login'>): string {
  const cleaned = limitCombiningMarks(cleanDisplayName(user.name ?? ''));
  const name = (containsHandle(cleaned) ? '' : cleaned) || user.login;
  // Cut by code points, never inside a surrogate pair.
  return [...name].slice(0, DISPLAY_NAME_MAX).join('').trim();
}

/** GitHub's bio as stored beside the user's own; null when blank. */
export function cleanGitHubBio(bio: string | null | undefined): string | null {
  return limitCombiningMarks(cleanBio(bio ?? '')) || null;
}

/** A one-line GitHub field (company, location); null when blank. */
export function cleanGitHubLine(value: string | null | undefined): string | null {
  return limitCombiningMarks(cleanSingleLineText(value ?? '')) || null;
}

/**
 * GitHub's public view of a user as a profile stores it, the same at sign-in and at every sync:
 * text cleaned, blanks as null.
 */
export function githubProfileFields(user: GitHubUser) {
  return {
    github_username: user.login,
    github_url: user.html_url,
    github_created_at: user.created_at,
    avatar_url: user.avatar_url,
    company: cleanGitHubLine(user.company),
    location: cleanGitHubLine(user.location),
    blog: user.blog || null,
    github_bio: cleanGitHubBio(user.bio),
    public_repos: user.public_repos ?? 0,
    followers: user.followers ?? 0,
    following: user.following ?? 0,
  };
}
