import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { TitledPage } from '../../components/TitledPage';
import { paths } from '../../config/paths';
import { useListMyServicesQuery, type ServiceDto } from '../../lib/api/client';
import { EmbedWidget } from './EmbedWidget';
import { WebhooksPanel } from './webhooks/WebhooksPanel';
import { ServiceScreeningStatus } from './ServiceScreeningStatus';

function ListingStatus({ service }: { service: ServiceDto }) {
  if (service.screening) return <ServiceScreeningStatus screening={service.screening} />;
  return <Chip label="Listed" color="success" size="small" sx={{ alignSelf: 'flex-start' }} />;
}

/** The service's webhooks, read once their owner opens them. */
function ServiceWebhooks({ serviceId }: { serviceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide webhooks' : 'Manage webhooks'}
      </Button>
      {open && <WebhooksPanel serviceId={serviceId} />}
    </>
  );
}

/** /myservices: the services the signed-in user added, each with whether it is listed and why not. */
export function MyServicesPage() {
  const { data, error, isLoading, isFetching, refetch } = useListMyServicesQuery();
  return (
    <TitledPage title="Your services">
      {isLoading && <CircularProgress aria-label="Loading your services" />}
      {error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {data?.length === 0 && (
        <Typography>
          You have not added a service yet.{' '}
          <Link component={RouterLink} to={paths.addServices.getHref()}>
            Add one
          </Link>
          .
        </Typography>
      )}
      <Stack spacing={2}>
        {data?.map((service) => (
          <Card key={service._id} component="article" variant="outlined" aria-label={service.title}>
            <CardContent>
              <Stack spacing={1}>
                <Typography component="h2" variant="h6">
                  <Link component={RouterLink} to={paths.service.getHref(service._id)}>
                    {service.title}
                  </Link>
                </Typography>
                <ListingStatus service={service} />
                {!service.screening && <EmbedWidget service={service} />}
                <ServiceWebhooks serviceId={service._id} />
                <Link
                  component={RouterLink}
                  to={paths.serviceInsights.getHref(service._id)}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  Insights
                </Link>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </TitledPage>
  );
}
