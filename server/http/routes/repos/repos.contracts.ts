import {
  goodFirstIssuesQuerySchema,
  goodFirstIssuesResponse,
  repoParamsSchema,
  repositoryDetailsDto,
} from '../../../../shared/api/repositories.schemas';
import { contract } from '../../contract/route-contract';

const VISITOR_LIMIT = 'A signed-out visitor asked too often.';

/** What the repository routes take and answer (see route-contract.ts). */
export const reposContracts = {
  details: contract({
    tag: 'Repositories',
    summary: 'A repository, as its room shows it',
    description: 'Read through the cached GitHub client: description, topics, up to 10 contributors and 3 releases.',
    params: repoParamsSchema,
    answers: { 200: repositoryDetailsDto },
    errors: {
      400: 'Not a GitHub owner or repository name.',
      404: 'GitHub has no such repository.',
      429: VISITOR_LIMIT,
      503: 'GitHub cannot answer, or its rate limit is spent.',
    },
  }),
  goodFirstIssues: contract({
    tag: 'Repositories',
    summary: "A repository's open 'good first issue' issues",
    description: 'Pull requests excluded. When GitHub fails, the list is empty and `upstream_problem` says why.',
    params: repoParamsSchema,
    querystring: goodFirstIssuesQuerySchema,
    answers: { 200: goodFirstIssuesResponse },
    errors: { 400: 'Not a GitHub owner or repository name, or a limit out of range.', 429: VISITOR_LIMIT },
  }),
};
