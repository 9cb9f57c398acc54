import { createHash } from 'node:crypto';

const CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function validChallenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))) must equal the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge;
}
