import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureHaproxy, haproxyConfig } from '../../../infra/haproxy';
import { runToEnd } from '../../../infra/storage/processes';

describe('haproxyConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is a config HAProxy accepts: round robin over the servers, checked on readiness, 127.0.0.1 only', async () => {
    // On a fresh machine, as root, HAProxy is installed first (hence the test's long timeout).
    await ensureHaproxy(() => undefined);
    const config = haproxyConfig({
      port: 40000,
      servers: [40001, 40002, 40003],
      adminSocket: join(dir, 'admin.sock'),
    });
    const file = join(dir, 'haproxy.cfg');
    writeFileSync(file, config);
    await runToEnd('haproxy', ['-c', '-q', '-f', file]);

    expect(config).toContain('balance roundrobin');
    expect(config).toContain('option httpchk GET /api/health/ready');
    const addresses = [...config.matchAll(/\b(\d+\.\d+\.\d+\.\d+):(\d+)/g)];
    expect(addresses.map(([, host]) => host)).toEqual(Array(4).fill('127.0.0.1'));
    expect(addresses.map(([, , port]) => Number(port))).toEqual([40000, 40001, 40002, 40003]);
  }, 300_000);
});
