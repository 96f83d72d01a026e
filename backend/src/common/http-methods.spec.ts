import { isRead, isSafe } from './http-methods';

describe('http methods', () => {
  it('reads are GET and HEAD', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'POST'].map(isRead)).toEqual([true, true, false, false]);
  });

  it('safe methods add OPTIONS, and no write', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].map(isSafe)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
