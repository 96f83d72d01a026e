/**
 * `npm run services:recount [-- <service id>]`: recounts the service's rating counters from its
 * reviews (every service's, then every score, without an id) and mends those that differ.
 */
import { runCli } from '../cli/cli-context';
import { ReviewsModule } from './reviews.module';
import { ServiceRecount } from './store/service-recount';
import type { ServiceRecountDto } from './store/service-recount.dto';

function line(recounted: ServiceRecountDto): string {
  const fields = recounted.differences.map(
    (difference) => `${difference.field} ${difference.stored} → ${difference.counted}`,
  );
  return `${recounted.serviceId}: ${recounted.outcome}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
}

runCli([ReviewsModule], async (context) => {
  const recount = context.get(ServiceRecount);
  const id = process.argv[2];
  if (id) {
    const recounted = await recount.recount(id);
    if (!recounted) process.exitCode = 1;
    return recounted ? line(recounted) : `No service has the id ${id}.`;
  }
  const inexact = await recount.recountAll();
  if (inexact.some((recounted) => recounted.outcome === 'busy')) process.exitCode = 1;
  return [...inexact.map(line), `Recounted every service: ${inexact.length} differed.`].join('\n');
});
