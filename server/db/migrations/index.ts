import type { Migration } from 'kysely';
import * as createCoreSchema from './20261121_1700_create_core_schema';

/** Every migration, keyed by its timestamped name. Add new ones; never edit landed ones. */
export const migrations: Record<string, Migration> = {
  '20261121_1700_create_core_schema': createCoreSchema,
};
