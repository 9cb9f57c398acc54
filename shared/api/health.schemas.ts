import { z } from 'zod';

/** GET /api/health and /api/health/ready: whether this process serves, or can serve, requests. */
export const healthResponse = z.strictObject({ status: z.enum(['ok', 'unavailable']) });
