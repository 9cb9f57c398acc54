/** Body of every error answer from the API. */
export interface ApiErrorResponse {
  error: {
    code: string;
    message: string;
    retryAfterSeconds?: number;
    /** GitHub's rate limit: when it resets (ISO time), or null when GitHub did not say. */
    resetAt?: string | null;
  };
}
