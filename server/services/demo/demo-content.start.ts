import type { Infrastructure } from '../../context';
import { DEMO_CONVERSATIONS } from './conversations';
import { createDemoContentService } from './demo-content.service';

/**
 * Start-up step of demo mode (config.demoContent): writes the demo rooms that do not exist yet.
 * A failure is logged and the site starts anyway (empty rooms are better than no site).
 */
export async function seedDemoContent(
  ctx: Pick<Infrastructure, 'config' | 'database' | 'github' | 'now' | 'logger'>,
): Promise<string[]> {
  if (!ctx.config.demoContent) return [];
  try {
    return await createDemoContentService({
      db: ctx.database.db,
      now: ctx.now,
      webUrl: ctx.github.webUrl,
      logger: ctx.logger,
    }).seed();
  } catch (error) {
    ctx.logger.warn({ err: error }, 'demo content could not be written');
    return [];
  }
}

/** The repositories of the demo rooms (in demo mode they also receive activity on their own). */
export function demoRoomRepositories(): string[] {
  return DEMO_CONVERSATIONS.map((script) => script.repo);
}
