import {
  discoveryListResponse,
  filtersQuerySchema,
  searchWithFiltersQuery,
} from '../../../../shared/api/discovery.schemas';
import { contract } from '../../contract/route-contract';

const LIST_ERRORS = {
  400: 'A filter out of range (the message says which).',
  429: 'A signed-out visitor asked too often.',
} as const;
const FILTERS =
  "Filtered by language, stars, creation date and chat activity (the chat filters are applied to GitHub's results). When GitHub fails, the list is empty and `upstream_problem` says why.";

/** What the discovery routes take and answer (see route-contract.ts). */
export const discoveryContracts = {
  trending: contract({
    tag: 'Discovery',
    summary: 'Trending repositories',
    description: `Repositories with more than 10,000 stars. ${FILTERS}`,
    querystring: filtersQuerySchema,
    answers: { 200: discoveryListResponse },
    errors: LIST_ERRORS,
  }),
  recent: contract({
    tag: 'Discovery',
    summary: 'Recently created repositories',
    description: FILTERS,
    querystring: filtersQuerySchema,
    answers: { 200: discoveryListResponse },
    errors: LIST_ERRORS,
  }),
  active: contract({
    tag: 'Discovery',
    summary: 'Repositories whose rooms are active now',
    description: 'The rooms with the most recent messages, newest first, with the same filters.',
    querystring: filtersQuerySchema,
    answers: { 200: discoveryListResponse },
    errors: LIST_ERRORS,
  }),
  search: contract({
    tag: 'Discovery',
    summary: 'Search repositories on GitHub',
    description: `Pages of 6 ('Show more': \`page\`), up to GitHub's 1,000 results. ${FILTERS}`,
    querystring: searchWithFiltersQuery,
    answers: { 200: discoveryListResponse },
    errors: { ...LIST_ERRORS, 400: 'A search of fewer than 3 characters, or a filter out of range.' },
  }),
};
