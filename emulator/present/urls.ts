/** Builds the absolute URLs that appear inside response bodies and Link headers. */
export class Urls {
  readonly api: string;

  constructor(readonly publicUrl: string) {
    this.api = `${publicUrl}/api/v3`;
  }

  /** Generated SVG avatar served by the emulator itself (real avatar hosts are unreachable offline). */
  avatar(login: string): string {
    return `${this.publicUrl}/avatars/${encodeURIComponent(login)}`;
  }

  user(login: string): string {
    return `${this.api}/users/${login}`;
  }

  repo(fullName: string): string {
    return `${this.api}/repos/${fullName}`;
  }
}

/** The repositories and people are real, so browsers are sent to the real github.com pages. */
export const WEB = 'https://github.com';
