/** `npm run scores:rebuild`: every service's date-weighted sums from its reviews, then its score. */
import { runCli } from '../cli/cli-context';
import { ReviewsModule } from './reviews.module';
import { ScoreSumsRebuild } from './score-sums-rebuild';

runCli([ReviewsModule], async (context) => {
  const services = await context.get(ScoreSumsRebuild).rebuild();
  return `Fair scores rebuilt from the reviews of ${services} services.`;
});
