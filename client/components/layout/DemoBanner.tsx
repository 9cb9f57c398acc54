import { Info } from 'lucide-react';
import type { SiteConfigDto } from '../../../shared/api/auth';
import { useSiteConfig } from '../../hooks/useSiteConfig';

/**
 * The server writes the GitHub mode onto <html> (data-github-mode), so the banner is there from the
 * first paint of the served HTML and does not push the page down once /api/config has answered.
 */
function servedGithubMode(): SiteConfigDto['githubMode'] | undefined {
  if (typeof document === 'undefined') return undefined;
  const mode = document.documentElement.dataset.githubMode;
  return mode === 'emulated' || mode === 'live' ? mode : undefined;
}

/** Shown while GitHub is the built-in emulator, so nobody mistakes demo data for real GitHub. */
export function DemoBanner() {
  const { data } = useSiteConfig();
  if ((data?.githubMode ?? servedGithubMode()) !== 'emulated') return null;
  return <DemoBannerNote />;
}

/** The banner itself; the server-rendered shell shows it too (see AppShell). */
export function DemoBannerNote() {
  return (
    <div
      role="note"
      aria-label="Demo mode"
      className="flex items-start gap-2 border-b bg-secondary px-4 py-1.5 text-xs text-secondary-foreground"
    >
      <Info className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <p>
        <strong>Demo mode:</strong> GitHub data and sign-in come from a built-in demo with sample accounts and
        repositories. To connect real GitHub, set <code>GITHUB_CLIENT_ID</code> and <code>GITHUB_CLIENT_SECRET</code>{' '}
        (see the README).
      </p>
    </div>
  );
}
