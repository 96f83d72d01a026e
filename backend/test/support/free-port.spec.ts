import { freePort } from '../../../infra/storage/processes';

describe('freePort', () => {
  it('never gives one process the same port twice, though each is closed before the next', async () => {
    const ports: number[] = [];
    for (let index = 0; index < 200; index += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
