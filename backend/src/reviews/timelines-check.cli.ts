/**
 * `npm run timelines:check`: compares every review the status timelines hold with the store, and
 * places again those whose stored status differs (or takes out those gone).
 */
import { runCli } from '../cli/cli-context';
import { ReviewsModule } from './reviews.module';
import { ReviewTimelinesRebuild } from './store/review-timelines-rebuild';

runCli([ReviewsModule], async (context) => {
  const { checked, mended } = await context.get(ReviewTimelinesRebuild).check();
  return [
    ...mended.map((id) => `${id}: placed again as stored`),
    `Review timelines checked: ${checked} places, ${mended.length} mended.`,
  ].join('\n');
});
