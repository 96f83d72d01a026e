import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetServiceQuery } from '../../lib/api/client';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { AverageStars } from './AverageStars';
import { formatPrice } from './formatPrice';
import { DETAILS_PREVIEW_LENGTH } from '../../components/truncate';
import { ExpandableText } from './ExpandableText';
import { FairScore } from './FairScore';
import { RatingSummary } from './RatingSummary';
import { ReplyRate } from './ReplyRate';
import { ServiceRegions } from './ServiceRegions';
import { ServiceScreeningStatus } from './ServiceScreeningStatus';
import { BurstNotice } from './BurstNotice';
import { ClaimMark } from './ClaimMark';
import { RatingTrend } from './RatingTrend';
import { ServiceContact } from './ServiceContact';
import { EditContactButton } from './EditContactButton';
import { CompareToggle } from './compare/CompareToggle';

/**
 * /services/:id: the service the route loader already put in the cache (spec: loaded before
 * rendering), with its rating summary, the description behind Read More, whether its business
 * claimed it, its website and contact details (which its owner and admins may change), and its
 * rating's trend over the last months.
 */
export function ServiceDetails({ id }: { id: string }) {
  const { data: service } = useGetServiceQuery({ id });
  if (!service) return null;

  return (
    <Box component="article">
      {service.screening && <ServiceScreeningStatus screening={service.screening} />}
      {service.burstAlertOpenedAt && <BurstNotice />}
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
          mb: 4,
        }}
      >
        <ImageWithFallback
          src={service.image}
          alt={service.title}
          // the page's largest paint: fetched before the other images
          fetchPriority="high"
          sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 2 }}
        />
        <Box>
          <Typography variant="h4" component="h1" gutterBottom>
            {service.title}
          </Typography>
          <ClaimMark service={service} />
          <AverageStars
            average={service.rating.average}
            count={service.rating.count}
            size="medium"
          />
          <FairScore score={service.score} />
          <ReplyRate service={service} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 2 }}>
            Price: {formatPrice(service.price)}
          </Typography>
          <ServiceRegions regions={service.regions} />
          <ExpandableText text={service.details} previewLength={DETAILS_PREVIEW_LENGTH} />
          <ServiceContact service={service} />
          {!service.screening && <CompareToggle id={service._id} title={service.title} />}
          {service.permissions.edit && <EditContactButton service={service} />}
        </Box>
      </Box>
      <RatingSummary rating={service.rating} />
      <RatingTrend serviceId={service._id} />
    </Box>
  );
}
