import {
  ownProfileDto,
  publicProfileDto,
  publicProfileParams,
  updateProfileBody,
} from '../../../../shared/api/profiles.schemas';
import { contract } from '../../contract/route-contract';

/** What the profile routes take and answer (see route-contract.ts). */
export const profilesContracts = {
  own: contract({
    tag: 'Profiles',
    summary: "The caller's own profile",
    signedIn: true,
    answers: { 200: ownProfileDto },
  }),
  update: contract({
    tag: 'Profiles',
    summary: "Edit the caller's own profile",
    description:
      "Every field optional; only the caller's own profile changes (an `id` in the body is ignored). An empty username, display name or bio clears it.",
    signedIn: true,
    body: updateProfileBody,
    answers: { 200: ownProfileDto },
    errors: {
      400: 'A username, display name or bio that breaks a rule (the message says which).',
      409: "'Username is already taken'.",
    },
  }),
  sync: contract({
    tag: 'Profiles',
    summary: "Refresh the caller's profile from GitHub",
    description: 'No body. Reads the GitHub account, repositories and contributions again.',
    signedIn: true,
    answers: { 200: ownProfileDto },
    errors: {
      400: "No GitHub account linked ('Please link your GitHub account first', reason `no_github_account`).",
      409: 'The GitHub login now belongs to another account (reason `github_account_changed`).',
      429: "Synced too often ('Please wait {n} seconds before syncing again').",
      502: 'GitHub failed.',
      503: "GitHub's rate limit is spent.",
    },
  }),
  public: contract({
    tag: 'Profiles',
    summary: "Someone's public profile",
    description: 'By id (UUID-shaped) or username (any case). Anyone may read it; the parts its owner hides are null.',
    params: publicProfileParams,
    answers: { 200: publicProfileDto },
    errors: { 400: 'An empty or over-long id or username.', 404: "'Profile not found or is private'." },
  }),
};
