import type { OwnProfileDto, PrivacySettingsDto, UpdateProfileRequest } from '../../../shared/api/profiles';
import type { Theme } from '../../../shared/limits';
import { validateProfileEdit } from '../../../shared/validation/profile';

/** What the profile page edits before 'Save Changes'. */
export interface ProfileFormState {
  username: string;
  display_name: string;
  bio: string;
  theme_preference: Theme;
  privacy_settings: PrivacySettingsDto;
}

export function formFromProfile(profile: OwnProfileDto): ProfileFormState {
  return {
    username: profile.username ?? '',
    display_name: profile.display_name ?? '',
    bio: profile.bio ?? '',
    theme_preference: profile.theme_preference,
    privacy_settings: { ...profile.privacy_settings },
  };
}

/** The first docs/PRODUCT.md §5 rule the form breaks, or null: checked before anything is sent. */
export function formProblem(form: ProfileFormState): string | null {
  return validateProfileEdit({ username: form.username, display_name: form.display_name, bio: form.bio });
}

export function formToRequest(form: ProfileFormState): UpdateProfileRequest {
  return {
    username: form.username,
    display_name: form.display_name,
    bio: form.bio,
    theme_preference: form.theme_preference,
    privacy_settings: form.privacy_settings,
  };
}
