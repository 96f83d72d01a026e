/**
 * `npm run insights:rebuild [serviceId…]`: counts the services' monthly figures again from their
 * reviews: those given, or every listed one.
 */
import { runCli } from '../cli/cli-context';
import { InsightsModule } from './insights.module';
import { InsightsRebuild } from './insights-rebuild';

runCli([InsightsModule], async (context) => {
  const rebuild = context.get(InsightsRebuild);
  const given = process.argv.slice(2);
  for (const id of given) await rebuild.rebuild(id);
  const services = given.length > 0 ? given.length : await rebuild.rebuildAll();
  return `Monthly figures rebuilt for ${services} services.`;
});
