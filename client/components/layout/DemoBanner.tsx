import { Info } from 'lucide-react';
import { useSiteConfig } from '../../app/useSiteConfig';

/** Shown while GitHub is the built-in emulator, so nobody mistakes demo data for real GitHub. */
export function DemoBanner() {
  const { data } = useSiteConfig();
  if (data?.githubMode !== 'emulated') return null;
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
