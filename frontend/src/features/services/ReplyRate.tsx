import Typography from '@mui/material/Typography';
import type { ServiceDto } from '../../lib/api/client';
import { replyRateText } from './replyRate';

/** How the service's business answers its reviews, from the counters kept on the service. */
export function ReplyRate({ service }: { service: ServiceDto }) {
  const text = replyRateText(service.replies, service.rating.count);
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {text}
    </Typography>
  );
}
