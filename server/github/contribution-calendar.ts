import type { Logger } from 'pino';
import type { ContributionDay } from './github-types';
import type { GitHubOctokit } from './octokit-client';
import type { QuotaTracker } from './quota-tracker';

const CALENDAR_QUERY = `query($login: String!) {
  user(login: $login) {
    contributionsCollection {
      contributionCalendar {
        totalContributions
        weeks { contributionDays { date contributionCount } }
      }
    }
  }
}`;

interface CalendarAnswer {
  data?: {
    user?: {
      contributionsCollection?: {
        contributionCalendar?: { weeks?: Array<{ contributionDays?: ContributionDay[] }> };
      };
    } | null;
  };
  errors?: Array<{ message?: string }>;
}

/** GraphQL lives at /graphql on github.com and at /api/graphql beside GHES's /api/v3. */
export function graphqlBaseUrl(apiUrl: string): string {
  return apiUrl.replace(/\/api\/v3$/, '/api');
}

/** The last year's contribution calendar (GraphQL needs a token); null when it cannot be read. */
export function createContributionCalendarReader(deps: {
  octokit: GitHubOctokit;
  apiUrl: string;
  quota: QuotaTracker;
  logger: Logger;
}) {
  const baseUrl = graphqlBaseUrl(deps.apiUrl);
  return {
    async read(login: string, token: string): Promise<ContributionDay[] | null> {
      try {
        const response = await deps.octokit.request('POST /graphql', {
          baseUrl,
          query: CALENDAR_QUERY,
          variables: { login },
          headers: { authorization: `Bearer ${token}` },
        });
        deps.quota.record(response.headers as Record<string, string | undefined>);
        const answer = response.data as CalendarAnswer;
        const weeks = answer.data?.user?.contributionsCollection?.contributionCalendar?.weeks;
        if (answer.errors?.length || !weeks) return null;
        return weeks
          .flatMap((week) => week.contributionDays ?? [])
          .map((day) => ({ date: day.date, contributionCount: day.contributionCount }));
      } catch (error) {
        deps.logger.warn({ login, status: (error as { status?: number }).status }, 'contribution calendar unavailable');
        return null;
      }
    },
  };
}
export type ContributionCalendarReader = ReturnType<typeof createContributionCalendarReader>;
