import { sanitizeMessage, validateMessage } from '../../../shared/validation/message';
import { domainErrors } from '../../errors';

/** docs/PRODUCT.md §5 rules on the text as it will be stored (validateMessage judges the cleaned text). */
export function checkedContent(raw: string, cleaned?: string): string {
  const problem = validateMessage(raw);
  if (problem) throw domainErrors.invalid(problem);
  // `cleaned`: the caller's own sanitizeMessage(raw), not computed twice.
  return cleaned ?? sanitizeMessage(raw);
}
