import { signInCallbackQuery, signInStartQuery } from '../../../../shared/api/auth.schemas';
import { contract } from '../../contract/route-contract';

/** What the sign-in routes take and answer (see route-contract.ts). */
export const authContracts = {
  start: contract({
    tag: 'Sign-in',
    summary: 'Start signing in with GitHub',
    description:
      "A browser navigation: redirects to GitHub's authorization page, or to `/auth?error=wrong_origin` (not this site's public address) or `/auth?error=rate_limited`. `returnTo` is the site path to come back to.",
    querystring: signInStartQuery,
    answers: { 302: "To GitHub's authorization page, or back to the sign-in page with an error." },
    errors: { 400: 'A malformed query.' },
  }),
  callback: contract({
    tag: 'Sign-in',
    summary: "GitHub's redirect back",
    description:
      'Completes the sign-in: sets the session cookie and redirects to `returnTo`, or to `/auth?error=…` when the sign-in failed or expired.',
    querystring: signInCallbackQuery,
    answers: { 302: 'To the page the sign-in started from, or to the sign-in page with an error.' },
  }),
  signOut: contract({
    tag: 'Sign-in',
    summary: 'Sign out',
    description: "Ends the caller's session (its open sockets close too). Without a session it answers the same.",
    answers: { 204: 'Signed out; the session cookie is cleared.' },
  }),
};
