/** `npm run insights:rebuild`: counts every service's monthly figures again from its reviews. */
import { runCli } from '../cli/cli-context';
import { InsightsModule } from './insights.module';
import { InsightsRebuild } from './insights-rebuild';

runCli([InsightsModule], async (context) => {
  const services = await context.get(InsightsRebuild).rebuildAll();
  return `Monthly figures rebuilt for ${services} services.`;
});
