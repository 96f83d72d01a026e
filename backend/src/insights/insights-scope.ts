/** The read cache's scope of a service's monthly figures, bumped by the worker when they change. */
export function insightsScope(serviceId: string): string {
  return `insights:${serviceId.toLowerCase()}`;
}
