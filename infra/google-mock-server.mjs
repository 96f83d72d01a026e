// A local stand-in for Google's OAuth2 endpoints (oauth2-mock-server is ESM-only, so it runs in
// its own process). Prints {"url": "..."} once listening; the userinfo answer is argv[2] (JSON).
import { OAuth2Server } from 'oauth2-mock-server';

const profile = JSON.parse(process.argv[2] ?? '{}');
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeUserinfo', (response) => {
  response.body = profile;
});
await server.start(0, '127.0.0.1');
process.stdout.write(`${JSON.stringify({ url: server.issuer.url })}\n`);
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));
