import type { Config } from '../config/config';
import type { GitHubServices } from '../github/github-services';
import type { AppServices } from '../services/app-services';

/** What every route module and HTTP hook is given by app.ts: services and configuration, never storage. */
export interface RouteDeps {
  config: Config;
  services: AppServices;
  /** Where GitHub is, as the browser sees it (the site's configuration and security headers). */
  github: Pick<GitHubServices, 'mode' | 'webUrl'>;
}
