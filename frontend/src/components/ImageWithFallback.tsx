import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCallback, useState, type ImgHTMLAttributes } from 'react';

type ImageProps = Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  'loading' | 'fetchPriority' | 'draggable'
> & {
  src: string;
  alt: string;
  /** The image's box: the placeholder takes the same. */
  sx?: SxProps<Theme>;
};

/**
 * An image that, when it cannot be loaded, leaves a placeholder of the same size (an icon and
 * "No image", named by `alt`) instead of a broken box.
 */
export function ImageWithFallback({ src, alt, sx, ...imgProps }: ImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The error event of an image that failed before the app hydrated the page went unheard.
  const noticeEarlyFailure = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && typeof image.decode === 'function') {
      image.decode().catch(() => setFailedSrc(image.getAttribute('src')));
    }
  }, []);

  if (failedSrc === src) {
    return (
      <Box
        role="img"
        aria-label={alt}
        sx={[
          {
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            bgcolor: 'action.hover',
            color: 'text.secondary',
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <ImageNotSupportedIcon fontSize="large" />
        <Typography variant="body2">No image</Typography>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      ref={noticeEarlyFailure}
      src={src}
      alt={alt}
      onError={() => setFailedSrc(src)}
      sx={sx}
      {...imgProps}
    />
  );
}
