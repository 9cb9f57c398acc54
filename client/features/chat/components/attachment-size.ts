// The inline size rule is shared with the server-rendered archive pages.
export { INLINE_MAX_HEIGHT, INLINE_MAX_WIDTH, inlineSize } from '../../../../shared/attachments/inline-size';
