import type { Queue } from 'bullmq';
import { queueJobs, queueOldestWaitingAge } from '../common/metrics/metrics';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/**
 * Reports a queue's depth by state and the age of its oldest waiting job, read from Redis at
 * scrape time (a few commands per scrape, none per job). Answers the function that stops.
 */
export function reportQueue(queue: Queue): () => void {
  const stopCounts = queueJobs.add(async (gauge) => {
    const counts = await queue.getJobCounts(...STATES);
    for (const state of STATES) gauge.set({ queue: queue.name, state }, counts[state] ?? 0);
  });
  const stopAge = queueOldestWaitingAge.add(async (gauge) => {
    const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
    const ageMs = oldest ? Math.max(0, Date.now() - oldest.timestamp) : 0;
    gauge.set({ queue: queue.name }, ageMs / 1000);
  });
  return () => {
    stopCounts();
    stopAge();
  };
}
