/** Body of every error answer from the API. */
export interface ApiErrorResponse {
  error: {
    code: string;
    message: string;
    retryAfterSeconds?: number;
  };
}
