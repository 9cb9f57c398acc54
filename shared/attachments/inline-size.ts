// Shared by the app's messages and the archive pages, so an image takes the same space in both.
/** Largest box an inline image is drawn in, in CSS pixels. */
export const INLINE_MAX_WIDTH = 320;
export const INLINE_MAX_HEIGHT = 240;

/** The size an image is drawn at inline: its own, scaled down into the box, never up. */
export function inlineSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, INLINE_MAX_WIDTH / width, INLINE_MAX_HEIGHT / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
