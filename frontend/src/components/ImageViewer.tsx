import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { viewerGesture } from './imageViewerGesture';
import { wrapIndex } from './wrapIndex';
import { ImageWithFallback } from './ImageWithFallback';

export interface ViewerImage {
  src: string;
  alt: string;
}

interface ImageViewerProps {
  images: readonly ViewerImage[];
  /** The image shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const controlSx = {
  position: 'absolute',
  color: 'common.white',
  bgcolor: 'rgba(0, 0, 0, 0.55)',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.75)' },
} as const;

/**
 * Full-screen view of one image of a list: swipe sideways (or the arrow keys and buttons) to
 * move between them, pull up or down (or Escape, or the close button) to close.
 */
export function ImageViewer({ images, index, onIndexChange, onClose }: ImageViewerProps) {
  const dragStart = useRef<{ x: number; y: number } | null>(null);
  const image = index === null ? undefined : images[index];

  const show = (step: number) => {
    if (index !== null) onIndexChange(wrapIndex(index + step, images.length));
  };

  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = dragStart.current;
    dragStart.current = null;
    if (!start) return;
    const gesture = viewerGesture(event.clientX - start.x, event.clientY - start.y);
    if (gesture === 'next') show(1);
    else if (gesture === 'previous') show(-1);
    else if (gesture === 'close') onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(1);
    else if (event.key === 'ArrowLeft') show(-1);
  };

  const several = images.length > 1;
  return (
    <Dialog
      fullScreen
      open={image !== undefined}
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-label={image ? `Image of ${image.alt}` : undefined}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900' } } }}
    >
      {image && index !== null && (
        <Box
          data-testid="image-viewer-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (dragStart.current = null)}
          sx={{
            position: 'relative',
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            touchAction: 'none',
            userSelect: 'none',
          }}
        >
          <ImageWithFallback
            src={image.src}
            alt={image.alt}
            draggable={false}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
          <IconButton
            aria-label="Close image viewer"
            onClick={onClose}
            sx={{ ...controlSx, top: 16, right: 16 }}
          >
            <CloseIcon />
          </IconButton>
          {several && (
            <>
              <IconButton
                aria-label="Previous image"
                onClick={() => show(-1)}
                sx={{ ...controlSx, left: 16, top: '50%', transform: 'translateY(-50%)' }}
              >
                <ChevronLeftIcon />
              </IconButton>
              <IconButton
                aria-label="Next image"
                onClick={() => show(1)}
                sx={{ ...controlSx, right: 16, top: '50%', transform: 'translateY(-50%)' }}
              >
                <ChevronRightIcon />
              </IconButton>
              <Typography
                aria-live="polite"
                sx={{
                  ...controlSx,
                  bottom: 16,
                  left: '50%',
                  transform: 'translateX(-50%)',
                  px: 1.5,
                  borderRadius: 1,
                }}
              >
                {index + 1} / {images.length}
              </Typography>
            </>
          )}
        </Box>
      )}
    </Dialog>
  );
}
