/**
 * Test-only crash points: when `FAILPOINTS` (comma-separated) names `point`, the process dies
 * there at once, as a power cut would leave it. Fault tests start the API with it set.
 */
export function failpoint(point: string): void {
  const armed = process.env.FAILPOINTS;
  if (armed && armed.split(',').includes(point)) process.kill(process.pid, 'SIGKILL');
}
