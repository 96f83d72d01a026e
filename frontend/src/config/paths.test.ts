import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('keeps the route patterns of the spec', () => {
    expect(paths.home.path).toBe('/');
    expect(paths.service.path).toBe('/services/:id');
    expect(paths.addServices.path).toBe('/addservices');
    expect(paths.myReviews.path).toBe('/myallreviews');
    expect(paths.allReviews.path).toBe('/allreviews');
    expect(paths.update.path).toBe('/update/:id');
  });

  it('builds links with the id escaped', () => {
    expect(paths.service.getHref('abc')).toBe('/services/abc');
    expect(paths.update.getHref('a/b c')).toBe('/update/a%2Fb%20c');
  });
});
