import type { MeDto } from '../../../shared/api/auth';
import { displayName } from '../../../shared/display-name';

/** What the account menu's trigger is named after: the user's name, handle or login. */
export function accountName(user: MeDto): string {
  return displayName(user, 'Account');
}

/** The account menu's trigger: the same look before and after the menu has loaded. */
export const ACCOUNT_TRIGGER_CLASS = 'rounded-full focus-visible:outline-2 focus-visible:outline-offset-2';
