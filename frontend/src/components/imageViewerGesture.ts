/** Product gesture thresholds: a horizontal swipe of 40 px changes the image; a vertical pull of 100 px closes. */
export const SWIPE_THRESHOLD_PX = 40;
export const CLOSE_PULL_PX = 100;

export type ViewerGesture = 'next' | 'previous' | 'close' | 'none';

/**
 * What a drag from one point to another means in the image viewer: mostly sideways is a swipe
 * (leftwards shows the next image), mostly up or down is a pull that closes the viewer.
 */
export function viewerGesture(deltaX: number, deltaY: number): ViewerGesture {
  const horizontal = Math.abs(deltaX) >= Math.abs(deltaY);
  if (horizontal && Math.abs(deltaX) >= SWIPE_THRESHOLD_PX) {
    return deltaX < 0 ? 'next' : 'previous';
  }
  if (!horizontal && Math.abs(deltaY) >= CLOSE_PULL_PX) return 'close';
  return 'none';
}
