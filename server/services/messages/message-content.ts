import { sanitizeMessage, validateCleanedMessage } from '../../../shared/validation/message';
import { domainErrors } from '../../errors';

/** docs/PRODUCT.md §5 rules, judged on the text as it will be stored (the cleaned text). */
export function checkedContent(raw: string, cleaned: string = sanitizeMessage(raw)): string {
  // `cleaned`: the caller's own sanitizeMessage(raw); the text is cleaned once and judged as cleaned.
  const problem = validateCleanedMessage(cleaned);
  if (problem) throw domainErrors.invalid(problem);
  return cleaned;
}
