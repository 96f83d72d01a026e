import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type FocusEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SLIDES } from './slides';
import { useCarousel } from './useCarousel';
import { selectCurrentUser } from '../../auth/authSlice';
import { useAppSelector } from '../../lib/hooks';
import { ImageWithFallback } from '../../components/ImageWithFallback';

const controlSx = {
  color: 'common.white',
  bgcolor: 'rgba(0, 0, 0, 0.5)',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.7)' },
} as const;

/** The hero's buttons: the spec's Log In and Register, or where a signed-in user goes next. */
const heroLinks = (signedIn: boolean) =>
  signedIn
    ? [
        { label: 'Write a Review', to: paths.services.getHref() },
        { label: 'My Reviews', to: paths.myReviews.getHref() },
      ]
    : [
        { label: 'Log In', to: paths.login.getHref() },
        { label: 'Register', to: paths.register.getHref() },
      ];

/**
 * The home page's three slides with Log In and Register (for a signed-in user: Write a Review
 * and My Reviews). They advance on their own unless the
 * pointer or keyboard focus is on them, the visitor paused them, or prefers reduced motion.
 */
export function HeroCarousel() {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const autoPlaying = !(reducedMotion || stopped);
  const { index, next, previous } = useCarousel(SLIDES.length, !autoPlaying || hovered || focused);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Service Critic highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 2,
        minHeight: { xs: 360, md: 420 },
        display: 'flex',
        alignItems: 'center',
        mb: 6,
      }}
    >
      {SLIDES.map((slide, slideIndex) => {
        const current = slideIndex === index;
        return (
          <Box
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${SLIDES.length}`}
            aria-hidden={!current}
            sx={{
              position: 'absolute',
              inset: 0,
              opacity: current ? 1 : 0,
              visibility: current ? 'visible' : 'hidden',
              transition: reducedMotion ? 'none' : 'opacity 600ms ease, visibility 600ms',
            }}
          >
            <ImageWithFallback
              src={slide.image}
              alt={slide.alt}
              // The first slide is what a visitor sees first (the page's largest paint).
              fetchPriority={slideIndex === 0 ? 'high' : 'low'}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          </Box>
        );
      })}
      {/* A dark scrim keeps the white text readable (WCAG AA) on every slide. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: 'linear-gradient(90deg, rgba(0,0,0,0.7) 0%, rgba(0,0,0,0.35) 70%)',
        }}
      />
      <Box
        sx={{
          position: 'relative',
          px: { xs: 3, md: 8 },
          pb: { xs: 10, md: 12 },
          alignSelf: 'stretch',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          gap: 3,
          pt: { xs: 6, md: 8 },
          width: '100%',
        }}
      >
        <Typography
          variant="h3"
          component="h1"
          sx={{ color: 'common.white', fontWeight: 700, fontSize: { xs: '2.2rem', md: '3rem' } }}
        >
          Service Critic
        </Typography>
        <Typography
          aria-live={autoPlaying ? 'off' : 'polite'}
          sx={{ color: 'common.white', fontSize: { xs: '1.1rem', md: '1.35rem' }, maxWidth: 560 }}
        >
          {SLIDES[index].tagline}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {heroLinks(signedIn).map(({ label, to }, position) => (
            <Button
              key={label}
              component={RouterLink}
              to={to}
              variant="contained"
              size="large"
              {...(position > 0 && {
                color: 'inherit' as const,
                sx: { color: 'grey.900', bgcolor: 'common.white' },
              })}
            >
              {label}
            </Button>
          ))}
        </Stack>
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ position: 'absolute', right: 16, bottom: 16, alignItems: 'center' }}
      >
        <IconButton aria-label="Previous slide" onClick={previous} sx={controlSx}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={stopped ? 'Play slides' : 'Pause slides'}
          onClick={() => setStopped((value) => !value)}
          sx={controlSx}
        >
          {stopped ? <PlayArrowIcon /> : <PauseIcon />}
        </IconButton>
        <IconButton aria-label="Next slide" onClick={next} sx={controlSx}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
    </Box>
  );
}
