/** GitHub-style error answers: `{message, documentation_url}` plus extras such as `errors` or `block`. */

export const DOCS = 'https://docs.github.com/rest';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? status));
  }
}

export function notFound(documentation_url = DOCS): ApiError {
  return new ApiError(404, { message: 'Not Found', documentation_url, status: '404' });
}

export function validationFailed(
  code: 'invalid' | 'missing',
  message?: string,
  field = 'q',
  resource = 'Search',
): ApiError {
  const error: Record<string, string> = { resource, field, code };
  if (message) error.message = message;
  return new ApiError(422, {
    message: 'Validation Failed',
    errors: [error],
    documentation_url: `${DOCS}/search/search`,
    status: '422',
  });
}

export function unprocessable(message: string, documentation_url = DOCS): ApiError {
  return new ApiError(422, { message, documentation_url, status: '422' });
}

export function badCredentials(): ApiError {
  return new ApiError(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
}

export function requiresAuthentication(documentation_url = `${DOCS}/users/users#get-the-authenticated-user`): ApiError {
  return new ApiError(401, { message: 'Requires authentication', documentation_url, status: '401' });
}
