import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  useCloseServiceAlertMutation,
  useListServiceAlertsQuery,
  type ServiceAlertDto,
} from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { formatDateTime } from '../../lib/dates';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { TitledPage } from '../../components/TitledPage';
import { AdminPageLinks } from '../../components/AdminPageLinks';
import { paths } from '../../config/paths';

const SIGNS: Record<ServiceAlertDto['signs'][number], string> = {
  'new-accounts': 'new accounts',
  'few-networks': 'few networks',
};

/** "6 of 8 reviews at 1–2 stars, mostly from new accounts and few networks". */
export function burstInWords(alert: ServiceAlertDto): string {
  const stars = alert.direction === 'low' ? '1–2 stars' : '5 stars';
  const from = alert.signs.map((sign) => SIGNS[sign]).join(' and ');
  return `${alert.extreme} of ${alert.reviews} reviews at ${stars}, mostly from ${from}`;
}

function CloseAlert({ alert }: { alert: ServiceAlertDto }) {
  const [close, closing] = useCloseServiceAlertMutation();
  const dispatch = useAppDispatch();
  return (
    <CardActions>
      <Button
        variant="contained"
        disabled={closing.isLoading}
        aria-label={`Close the alert on ${alert.serviceTitle}`}
        onClick={async () => {
          const { error } = await close({ id: alert.serviceId });
          dispatch(
            error
              ? toastShown(errorMessage(error as never), 'error')
              : toastShown('Alert closed: new reviews publish again'),
          );
        }}
      >
        Close
      </Button>
    </CardActions>
  );
}

/**
 * /admin/alerts: services with an unusual burst of reviews. While an alert is open, the service's
 * new reviews wait among the flagged reviews and its page shows a notice; Close ends both.
 */
export function ServiceAlertsPage() {
  const { data, isLoading } = useListServiceAlertsQuery();
  return (
    <TitledPage title="Bursts of reviews">
      <AdminPageLinks />
      {isLoading && <CircularProgress aria-label="Loading alerts" />}
      {data?.length === 0 && <Typography>No service has an open alert.</Typography>}
      <Stack spacing={2}>
        {data?.map((alert) => (
          <Card
            key={alert._id}
            component="article"
            variant="outlined"
            aria-label={alert.serviceTitle}
          >
            <CardContent>
              <Typography component="h2" variant="h6">
                <Link component={RouterLink} to={`/services/${alert.serviceId}`}>
                  {alert.serviceTitle}
                </Link>
              </Typography>
              <Typography>
                Seen {formatDateTime(alert.openedAt)}: {burstInWords(alert)}.
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Its new reviews wait among the{' '}
                <Link component={RouterLink} to={paths.moderation.getHref()}>
                  flagged reviews
                </Link>{' '}
                until you close the alert.
              </Typography>
            </CardContent>
            <CloseAlert alert={alert} />
          </Card>
        ))}
      </Stack>
    </TitledPage>
  );
}
