import { eventsJobId, eventsJobName, eventsOfJob, type DomainEvent } from './review-events';

function event(id: string): DomainEvent {
  return {
    id,
    type: 'review.created',
    at: '2026-11-25T00:00:00.000Z',
    actor: { id: 'u1', email: 'a@example.com', role: 'user' },
    before: null,
    after: null,
  };
}

describe('review events jobs', () => {
  it('a lone event keeps its own id and type as its job’s', () => {
    expect(eventsJobId([event('e1')])).toBe('e1');
    expect(eventsJobName([event('e1')])).toBe('review.created');
  });

  it('events published again together make the same job id; other events another', () => {
    const first = eventsJobId([event('e1'), event('e2')]);
    expect(eventsJobId([event('e1'), event('e2')])).toBe(first);
    expect(eventsJobId([event('e1'), event('e3')])).not.toBe(first);
    expect(eventsJobName([event('e1'), event('e2')])).toBe('2 events');
  });

  it('reads a job of several events and a job queued with one event as its data', () => {
    expect(eventsOfJob({ events: [event('e1'), event('e2')] }).map((each) => each.id)).toEqual([
      'e1',
      'e2',
    ]);
    expect(eventsOfJob(event('e1')).map((each) => each.id)).toEqual(['e1']);
  });
});
