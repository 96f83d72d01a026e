/** `npm run timelines:rebuild`: places every review in the Redis timelines again. */
import { runCli } from '../cli/cli-context';
import { ReviewsModule } from './reviews.module';
import { ReviewTimelinesRebuild } from './store/review-timelines-rebuild';

runCli([ReviewsModule], async (context) => {
  const placed = await context.get(ReviewTimelinesRebuild).rebuild();
  if (placed === null) {
    process.exitCode = 1;
    return 'Another process is rebuilding the review timelines; try again when it is done.';
  }
  return `Review timelines rebuilt: ${placed} reviews placed.`;
});
