/**
 * The baseline: what a minimal Express + `mongodb` server does without any care for speed.
 * Lists read the whole matching collection without projection and page it in JavaScript; no
 * cache, no indexes chosen, no count shortcuts.
 * Usage: node --import tsx bench/servers/baseline.ts (PORT and MONGO_URL in the environment).
 */
import express from 'express';
import { MongoClient, ObjectId, type Document } from 'mongodb';

const PAGE = 20;
const HOME = 3;

function newestFirst(a: Document, b: Document): number {
  return new Date(b.createdAt as Date).getTime() - new Date(a.createdAt as Date).getTime();
}

function page(items: Document[], query: express.Request['query']): Document[] {
  const offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? PAGE);
  return items.sort(newestFirst).slice(offset, offset + limit);
}

async function main(): Promise<void> {
  const mongo = await new MongoClient(String(process.env.MONGO_URL)).connect();
  const services = mongo.db().collection('services');
  const reviews = mongo.db().collection('reviews');
  const blogs = mongo.db().collection('blogs');
  const app = express();
  // For the benchmark: it waits for abandoned requests to finish before the next measurement.
  let inFlight = 0;
  const counted =
    (handler: express.RequestHandler): express.RequestHandler =>
    async (req, res, next) => {
      inFlight += 1;
      try {
        await handler(req, res, next);
      } finally {
        inFlight -= 1;
      }
    };
  app.get('/bench/in-flight', (_req, res) => {
    res.json(inFlight);
  });

  app.get(
    '/api/services',
    counted(async (req, res) => {
      res.json(page(await services.find().toArray(), req.query));
    }),
  );
  app.get(
    '/api/servicelimit',
    counted(async (_req, res) => {
      res.json((await services.find().toArray()).sort(newestFirst).slice(0, HOME));
    }),
  );
  app.get(
    '/api/services/:id',
    counted(async (req, res) => {
      const service = await services.findOne({ _id: new ObjectId(String(req.params.id)) });
      if (service) res.json(service);
      else res.status(404).json({ error: 'No service has this id.' });
    }),
  );
  app.get(
    '/api/reviews',
    counted(async (req, res) => {
      const filter = { service: String(req.query.service), status: 'published' };
      res.json(page(await reviews.find(filter).toArray(), req.query));
    }),
  );
  app.get(
    '/api/categories',
    counted(async (_req, res) => {
      const counts = new Map<string, number>();
      for (const service of await services.find().toArray()) {
        const category = String(service.category_id);
        counts.set(category, (counts.get(category) ?? 0) + 1);
      }
      res.json(
        [...counts]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([category_id, count]) => ({ category_id, count })),
      );
    }),
  );
  app.get(
    '/api/blogs',
    counted(async (req, res) => {
      res.json(page(await blogs.find().toArray(), req.query));
    }),
  );

  app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('baseline ready'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
