import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router-dom';
import type { ServiceDto } from '../../lib/api/client';
import { paths } from '../../config/paths';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { AverageStars } from './AverageStars';
import { formatPrice } from './formatPrice';
import { regionsText } from '../../lib/regions';
import { CARD_DETAILS_LENGTH, CARD_TITLE_LENGTH, truncate } from '../../components/truncate';
import { CompareToggle } from './compare/CompareToggle';

interface ServiceCardProps {
  service: ServiceDto;
  /** Opens the full-screen image viewer at this card's image. */
  onImageClick: () => void;
  /** The title's heading level: one below the heading the cards sit under. */
  headingLevel: CardHeadingLevel;
}

export type CardHeadingLevel = 'h2' | 'h3';

/**
 * The product's service card: image (opens the viewer), title link, price, stars, the regions it
 * serves, See Details, and Compare.
 */
export function ServiceCard({ service, onImageClick, headingLevel }: ServiceCardProps) {
  const href = paths.service.getHref(service._id);
  return (
    <Card component="article" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <ButtonBase
        onClick={onImageClick}
        aria-label={`View the image of ${service.title} full screen`}
        sx={{
          display: 'block',
          '&.Mui-focusVisible': {
            outline: '3px solid',
            outlineColor: 'primary.main',
            outlineOffset: -3,
          },
        }}
      >
        <ImageWithFallback
          src={service.image}
          alt={service.title}
          loading="lazy"
          sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
        />
      </ButtonBase>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component={headingLevel} gutterBottom>
          {/* The cut title is for the eye; screen readers get the whole one. */}
          <Link component={RouterLink} to={href} title={service.title} underline="hover">
            <span aria-hidden>{truncate(service.title, CARD_TITLE_LENGTH)}</span>
            <span style={visuallyHidden}>{service.title}</span>
          </Link>
        </Typography>
        <AverageStars average={service.rating.average} count={service.rating.count} />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, my: 1 }}>
          Price: {formatPrice(service.price)}
        </Typography>
        {service.regions.length > 0 && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Serves: {regionsText(service.regions)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {truncate(service.details, CARD_DETAILS_LENGTH)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button component={RouterLink} to={href} variant="contained">
          See Details
        </Button>
        <CompareToggle id={service._id} title={service.title} />
      </CardActions>
    </Card>
  );
}
