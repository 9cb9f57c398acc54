import type { CalendarDay } from '../dataset/activity';
import { DAY_MS, isoSeconds } from '../dataset/dates';
import type { Account, Dataset } from '../dataset/index';
import { nodeId } from '../dataset/ids';
import type { Urls } from '../present/urls';
import { accountDates } from '../present/users';
import { GqlFieldError, type GqlObject } from './execute';

const COLORS = ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'];
const LEVELS = ['NONE', 'FIRST_QUARTILE', 'SECOND_QUARTILE', 'THIRD_QUARTILE', 'FOURTH_QUARTILE'];

function level(count: number): number {
  return count === 0 ? 0 : count < 3 ? 1 : count < 6 ? 2 : count < 9 ? 3 : 4;
}

function dayObject(d: CalendarDay): GqlObject {
  const l = level(d.contributionCount);
  return {
    typeName: 'ContributionCalendarDay',
    fields: {
      date: () => d.date,
      contributionCount: () => d.contributionCount,
      weekday: () => d.weekday,
      color: () => COLORS[l],
      contributionLevel: () => LEVELS[l],
    },
  };
}

function collection(account: Account, dataset: Dataset, nowMs: number, args: Record<string, unknown>): GqlObject {
  const toMs = typeof args.to === 'string' ? Date.parse(args.to) : nowMs;
  const fromMs = typeof args.from === 'string' ? Date.parse(args.from) : toMs - 365 * DAY_MS;
  if (Number.isNaN(toMs) || Number.isNaN(fromMs))
    throw new GqlFieldError('Invalid from/to DateTime', 'INVALID_ARGUMENTS');
  if (toMs - fromMs > 366 * DAY_MS)
    throw new GqlFieldError("The total time spanned by 'from' and 'to' must not exceed 1 year", 'INVALID_ARGUMENTS');
  const calendar = dataset.calendar(account.login, nowMs) ?? { totalContributions: 0, weeks: [] };
  const fromDay = new Date(fromMs).toISOString().slice(0, 10);
  const toDay = new Date(toMs).toISOString().slice(0, 10);
  const weeks = calendar.weeks
    .map((w) => w.filter((d) => d.date >= fromDay && d.date <= toDay))
    .filter((w) => w.length > 0);
  const total = weeks.flat().reduce((sum, d) => sum + d.contributionCount, 0);
  return {
    typeName: 'ContributionsCollection',
    fields: {
      startedAt: () => isoSeconds(fromMs),
      endedAt: () => isoSeconds(toMs),
      hasAnyContributions: () => total > 0,
      totalCommitContributions: () => Math.round(total * 0.7),
      totalIssueContributions: () => Math.round(total * 0.1),
      totalPullRequestContributions: () => Math.round(total * 0.15),
      totalPullRequestReviewContributions: () =>
        total - Math.round(total * 0.7) - Math.round(total * 0.1) - Math.round(total * 0.15),
      contributionCalendar: () => ({
        typeName: 'ContributionCalendar',
        fields: {
          totalContributions: () => total,
          colors: () => COLORS.slice(1),
          isHalloween: () => false,
          weeks: () =>
            weeks.map((w) => ({
              typeName: 'ContributionCalendarWeek',
              fields: { firstDay: () => w[0]?.date ?? null, contributionDays: () => w.map(dayObject) },
            })),
        },
      }),
    },
  };
}

function userObject(account: Account, dataset: Dataset, urls: Urls, nowMs: number): GqlObject {
  return {
    typeName: account.type,
    fields: {
      id: () => nodeId(account.type, account.id),
      databaseId: () => account.id,
      login: () => account.login,
      name: () => account.name,
      bio: () => account.bio,
      company: () => account.company,
      location: () => account.location,
      avatarUrl: () => urls.avatar(account.login),
      url: () => `https://github.com/${account.login}`,
      createdAt: () => accountDates(account, nowMs).created_at,
      contributionsCollection: (args) => collection(account, dataset, nowMs, args),
    },
  };
}

/** Root Query type: `user(login:)` and `viewer`. */
export function queryRoot(dataset: Dataset, urls: Urls, nowMs: number, viewerLogin: string): GqlObject {
  return {
    typeName: 'Query',
    fields: {
      user: (args) => {
        const login = typeof args.login === 'string' ? args.login : '';
        const account = dataset.account(login);
        if (!account || account.type !== 'User')
          throw new GqlFieldError(`Could not resolve to a User with the login of '${login}'.`, 'NOT_FOUND');
        return userObject(account, dataset, urls, nowMs);
      },
      viewer: () => {
        const account = dataset.account(viewerLogin);
        if (!account) throw new GqlFieldError('Viewer not found', 'NOT_FOUND');
        return userObject(account, dataset, urls, nowMs);
      },
    },
  };
}
