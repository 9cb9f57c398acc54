import { Copy } from 'lucide-react';
import { toast } from '../../lib/toast';
import { BIO_MAX, DISPLAY_NAME_MAX } from '../../../shared/limits';
import { usernameHelper } from '../../../shared/validation/profile';
import { Button } from '../ui/Button';
import { Input, Textarea } from '../ui/Input';
import { Label } from '../ui/Label';
import { ProfileSection } from './ProfileSection';

export interface BasicInfoValues {
  username: string;
  display_name: string;
  bio: string;
}

/** Username, display name, bio (with its counter) and the shareable public profile URL. */
export function BasicInfoSection({
  values,
  onChange,
  publicUrl,
}: {
  values: BasicInfoValues;
  onChange: (patch: Partial<BasicInfoValues>) => void;
  /** Absolute address of the saved public profile. */
  publicUrl: string;
}) {
  const helper = usernameHelper(values.username);
  const bioLength = [...values.bio].length;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(publicUrl);
      toast.success('URL copied to clipboard');
    } catch {
      toast.error('Failed to copy');
    }
  };

  return (
    <ProfileSection title="Basic Information">
      <div className="space-y-2">
        <Label htmlFor="profile-username">Username</Label>
        <Input
          id="profile-username"
          value={values.username}
          autoComplete="username"
          aria-describedby="profile-username-help"
          aria-invalid={helper !== null && values.username.length > 0}
          onChange={(event) => onChange({ username: event.target.value })}
        />
        <p
          id="profile-username-help"
          className={helper && values.username ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
        >
          {helper ?? '3-20 characters: letters, numbers, - and _'}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="profile-display-name">Display Name</Label>
        <Input
          id="profile-display-name"
          value={values.display_name}
          autoComplete="name"
          placeholder={`Up to ${DISPLAY_NAME_MAX} characters`}
          onChange={(event) => onChange({ display_name: event.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="profile-bio">Bio</Label>
        <Textarea
          id="profile-bio"
          value={values.bio}
          rows={4}
          aria-describedby="profile-bio-count"
          onChange={(event) => onChange({ bio: event.target.value })}
        />
        <p
          id="profile-bio-count"
          className={
            bioLength > BIO_MAX ? 'text-right text-xs text-destructive' : 'text-right text-xs text-muted-foreground'
          }
        >
          {bioLength}/{BIO_MAX}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="profile-public-url">Public Profile URL</Label>
        <div className="flex gap-2">
          <Input id="profile-public-url" value={publicUrl} readOnly className="font-mono text-xs" />
          <Button variant="outline" onClick={() => void copyLink()}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copy Link
          </Button>
        </div>
      </div>
    </ProfileSection>
  );
}
