import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useApproveServiceMutation,
  useListServicesAwaitingScreeningQuery,
  useRejectServiceMutation,
  type ServiceDto,
} from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { moderationReasonsInWords } from '../../lib/moderationReasons';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { TitledPage } from '../../components/TitledPage';
import { AdminPageLinks } from '../../components/AdminPageLinks';

/** Approve lists the service; Refuse keeps it off the lists with a fixed note for its owner. */
function ScreeningDecisions({ service }: { service: ServiceDto }) {
  const [approve, approving] = useApproveServiceMutation();
  const [reject, rejecting] = useRejectServiceMutation();
  const dispatch = useAppDispatch();
  const told = (error: unknown, done: string) =>
    dispatch(error ? toastShown(errorMessage(error as never), 'error') : toastShown(done));
  return (
    <CardActions>
      <Button
        variant="contained"
        color="success"
        disabled={approving.isLoading}
        onClick={async () => told((await approve({ id: service._id })).error, 'Service listed')}
      >
        Approve
      </Button>
      <Button
        color="error"
        disabled={rejecting.isLoading}
        onClick={async () =>
          told(
            (
              await reject({
                id: service._id,
                rejectServiceDto: { reason: 'It does not meet the listing rules.' },
              })
            ).error,
            'Service refused',
          )
        }
      >
        Refuse
      </Button>
    </CardActions>
  );
}

/** /admin/services: new services a screening rule held, with the rules that fired. */
export function ServiceScreeningPage() {
  const { data, isLoading } = useListServicesAwaitingScreeningQuery();
  return (
    <TitledPage title="New services to check">
      <AdminPageLinks />
      {isLoading && <CircularProgress aria-label="Loading services" />}
      {data?.length === 0 && <Typography>No new services are waiting.</Typography>}
      <Stack spacing={2}>
        {data?.map((service) => (
          <Card key={service._id} component="article" variant="outlined" aria-label={service.title}>
            <CardContent>
              <Typography component="h2" variant="h6">
                {service.title}
              </Typography>
              <Typography>{service.details}</Typography>
              <Typography variant="body2" color="text.secondary">
                Held for: {moderationReasonsInWords(service.screening?.reasons ?? [])}
              </Typography>
            </CardContent>
            <ScreeningDecisions service={service} />
          </Card>
        ))}
      </Stack>
    </TitledPage>
  );
}
