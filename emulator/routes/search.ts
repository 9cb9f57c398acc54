import type { Route } from '../api/context';
import { searchIssues } from '../search/issues';
import { searchRepositories } from '../search/repos';

export const searchRoutes: Route[] = [
  { method: 'GET', pattern: '/search/repositories', resource: 'search', handler: searchRepositories },
  { method: 'GET', pattern: '/search/issues', resource: 'search', handler: searchIssues },
];
