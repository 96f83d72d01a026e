import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { sameOriginWrites } from '../common/same-origin';
import { MAINTENANCE_QUEUE, REVIEW_EVENTS_QUEUE } from '../events/review-events';
import { BoardSessions } from './board-sessions';

export const QUEUES_BOARD_PATH = '/api/admin/queues';
export const BOARD_COOKIE = 'sc_board';

/**
 * The BullMQ dashboard at /api/admin/queues, for admins only. A browser page cannot send the
 * bearer token, so `POST /api/admin/queues-session` first sets a short-lived cookie for this path;
 * the dashboard's writes (retry, clean, add jobs) must come from our own pages (CSRF).
 */
export function mountQueuesBoard(app: NestExpressApplication, publicUrl: string): void {
  const sessions = app.get(BoardSessions);
  const queues = [REVIEW_EVENTS_QUEUE, MAINTENANCE_QUEUE].map((name) => {
    const queue = app.get<Queue>(getQueueToken(name));
    // Connection errors are reported by /api/health; unheard, they would crash the process.
    queue.on('error', () => undefined);
    return new BullMQAdapter(queue);
  });
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_BOARD_PATH);
  createBullBoard({
    queues,
    serverAdapter,
    // A way back to the app's admin pages from the dashboard's menu.
    options: {
      uiConfig: {
        boardTitle: 'Service Critic queues',
        miscLinks: [{ text: 'Back to Service Critic', url: '/admin/moderation' }],
      },
    },
  });

  const onlyAdmins = (req: Request, res: Response, next: NextFunction) => {
    const token = (req.cookies as Record<string, string> | undefined)?.[BOARD_COOKIE];
    const access = sessions.check(token);
    if (access === 'admin') return next();
    const error =
      access === 'forbidden'
        ? new ApiError(403, 'Only admins can do this.')
        : new ApiError(401, 'Open the queue dashboard from the admin pages (as an admin).');
    res.status(error.getStatus()).json(error.getResponse());
  };
  app.use(QUEUES_BOARD_PATH, onlyAdmins, sameOriginWrites(publicUrl), serverAdapter.getRouter());
}
