import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AppliedKeys } from '../common/applied-keys';
import { KeyLock } from '../common/atomic-writes/key-lock';
import { ReviewFeedPage, type ReviewChange } from './review-feed-page.schema';

/** Changes a page holds: page `p` holds the changes numbered `p * PAGE_SIZE + 1` to `(p + 1) * PAGE_SIZE`. */
export const PAGE_SIZE = 100;
/** The latest event ids kept, so that an event handled again (a retried job) is recorded once. */
const APPLIED_EVENTS_KEPT = 512;

const pageId = (serviceId: string, page: number) => `${serviceId}:${page}`;
const headId = (serviceId: string) => `${serviceId}:head`;

type PageState = Pick<ReviewFeedPage, 'count' | 'applied'>;

/** `review_feed_pages`: every query an `_id` lookup or a write by `_id`. */
@Injectable()
export class ReviewFeedRepository {
  constructor(
    @InjectModel(ReviewFeedPage.name) private readonly pages: Model<ReviewFeedPage>,
    private readonly lock: KeyLock,
  ) {}

  /** The changes of two consecutive pages, `page` and the next, each oldest first. */
  async twoPages(serviceId: string, page: number): Promise<ReviewChange[]> {
    const read = (no: number) =>
      this.pages
        .findById(pageId(serviceId, no), { entries: 1 })
        .lean<Pick<ReviewFeedPage, 'entries'>>()
        .exec();
    const [first, second] = await Promise.all([read(page), read(page + 1)]);
    return [...(first?.entries ?? []), ...(second?.entries ?? [])];
  }

  /**
   * Appends the change `make` gives its number to, once per event id, holding the service's lock
   * across processes: FerretDB's updates are not atomic, and the number must follow the last.
   * Answers false when the event was recorded already.
   */
  append(
    serviceId: string,
    eventId: string,
    make: (seq: number) => ReviewChange,
  ): Promise<boolean> {
    return this.lock.with(`review-feed:${serviceId}`, async () => {
      const head = await this.pages.findById(headId(serviceId), { page: 1 }).lean().exec();
      let pageNo = head?.page ?? 0;
      let page = await this.stateOf(serviceId, pageNo);
      let carried = '';
      // A full page's successor may exist already: a process died before moving the head on.
      while (page && (page.count ?? 0) >= PAGE_SIZE) {
        if (AppliedKeys.from(page.applied).has(eventId)) return false;
        carried = page.applied ?? '';
        pageNo += 1;
        page = await this.stateOf(serviceId, pageNo);
      }
      const applied = AppliedKeys.from(page?.applied ?? carried);
      if (applied.has(eventId)) return false;
      const count = page?.count ?? 0;
      const change = make(pageNo * PAGE_SIZE + count + 1);
      const fields = {
        count: count + 1,
        applied: applied.withAdded([eventId], APPLIED_EVENTS_KEPT),
      };
      // The change and its event id in one document write: a retry finds the one with the other.
      if (page) {
        await this.pages.updateOne(
          { _id: pageId(serviceId, pageNo) },
          { $push: { entries: change }, $set: fields },
        );
      } else {
        await this.pages.create({ _id: pageId(serviceId, pageNo), entries: [change], ...fields });
      }
      if (!head) await this.pages.create({ _id: headId(serviceId), page: pageNo });
      else if (head.page !== pageNo) {
        await this.pages.updateOne({ _id: headId(serviceId) }, { $set: { page: pageNo } });
      }
      return true;
    });
  }

  private stateOf(serviceId: string, page: number): Promise<PageState | null> {
    return this.pages
      .findById(pageId(serviceId, page), { count: 1, applied: 1 })
      .lean<PageState>()
      .exec();
  }
}
