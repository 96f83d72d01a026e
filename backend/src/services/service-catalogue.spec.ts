import { Types } from 'mongoose';
import { SERVICE_SORT_ORDERS } from './service-listing.schema';
import { categoryCountsOf, listedIdsOf, pageOf } from './service-catalogue';
import type { StoredService } from './services.repository';

function service(fields: Partial<StoredService>): StoredService {
  return {
    _id: new Types.ObjectId(),
    title: 'Courier',
    details: 'Parcels next day.',
    category_id: 'courier',
    price: 10,
    createdAt: new Date('2026-01-01'),
    ratingCount: 0,
    ratingAverage: 0,
    ratingScore: 0,
    ...fields,
  } as StoredService;
}

describe('the services catalogue', () => {
  const fast = service({
    title: 'Fast Freight',
    category_id: 'freight',
    ratingCount: 4,
    ratingAverage: 4.5,
    ratingScore: 4.1,
    price: 30,
    regions: ['nationwide'],
  });
  const slow = service({
    title: 'Slow Post',
    details: 'Letters, EVENTUALLY.',
    ratingCount: 2,
    ratingAverage: 2,
    ratingScore: 2.4,
    price: 5,
    regions: ['west', 'international'],
  });
  const fresh = service({ title: 'New Van', createdAt: new Date('2026-03-01'), price: 12 });
  const catalogue = [fast, slow, fresh];

  it('pages in each sort order, with the total of what the filter selects', () => {
    const top = pageOf(catalogue, {}, SERVICE_SORT_ORDERS.top_rated, 0, 2);
    expect(top).toEqual({ items: [fast, slow], total: 3 });
    expect(pageOf(catalogue, {}, SERVICE_SORT_ORDERS.top_rated, 2, 2)).toEqual({
      items: [fresh],
      total: 3,
    });
    expect(pageOf(catalogue, {}, SERVICE_SORT_ORDERS.newest, 0, 1).items).toEqual([fresh]);
    expect(pageOf(catalogue, {}, SERVICE_SORT_ORDERS.price_asc, 0, 3).items).toEqual([
      slow,
      fresh,
      fast,
    ]);
  });

  it('filters by category, least average, reviewed only and text in any case', () => {
    const all = SERVICE_SORT_ORDERS.rating_desc;
    expect(pageOf(catalogue, { category: 'freight' }, all, 0, 10).items).toEqual([fast]);
    expect(pageOf(catalogue, { rating: 3 }, all, 0, 10).items).toEqual([fast]);
    expect(
      pageOf(catalogue, { reviewedOnly: true }, SERVICE_SORT_ORDERS.rating_asc, 0, 10).items,
    ).toEqual([slow, fast]);
    expect(pageOf(catalogue, { q: 'eventually' }, all, 0, 10)).toEqual({ items: [slow], total: 1 });
    expect(pageOf(catalogue, { q: 'van (' }, all, 0, 10).total).toBe(0);
  });

  it('filters by region, a nationwide service serving every region of the country', () => {
    const all = SERVICE_SORT_ORDERS.newest;
    expect(pageOf(catalogue, { region: 'west' }, all, 0, 10).items).toEqual([slow, fast]);
    expect(pageOf(catalogue, { region: 'midwest' }, all, 0, 10).items).toEqual([fast]);
    expect(pageOf(catalogue, { region: 'international' }, all, 0, 10).items).toEqual([slow]);
    expect(pageOf(catalogue, { region: 'west', category: 'courier' }, all, 0, 10)).toEqual({
      items: [slow],
      total: 1,
    });
  });

  it('counts the categories by name and lists the ids oldest first', () => {
    expect(categoryCountsOf(catalogue)).toEqual([
      { _id: 'courier', count: 2 },
      { _id: 'freight', count: 1 },
    ]);
    expect(listedIdsOf(catalogue)).toEqual([fast, slow, fresh].map((each) => String(each._id)));
  });
});
