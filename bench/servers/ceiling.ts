/**
 * The ceiling: a bare node:http server answering each benchmarked route with the body our API
 * gave for it, from memory. Nothing can answer these routes faster on this machine.
 * Usage: node --import tsx bench/servers/ceiling.ts <answers.json> (PORT in the environment).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CannedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Keyed by "METHOD /path?query". */
export type CannedAnswers = Record<string, CannedAnswer>;

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8')) as CannedAnswers;
const notFound = JSON.stringify({ statusCode: 404, error: 'Not found.' });

createServer((req, res) => {
  const answer = answers[`${req.method} ${req.url}`];
  // Drain any request body before answering, as a real server would.
  req.resume();
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(notFound);
      return;
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ceiling ready'));
