import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { ServiceAlert } from './service-alert.schema';

export type StoredAlert = ServiceAlert & { rev?: number };

/** How many open alerts the admins' list shows at once. */
const LIST_PAGE = 100;

/** The only code that touches `service_alerts`: inserts, `_id` writes and the `open` key. */
@Injectable()
export class ServiceAlertsRepository {
  constructor(
    @InjectModel(ServiceAlert.name) private readonly alerts: Model<ServiceAlert>,
    private readonly atomic: AtomicDocuments,
  ) {}

  async insert(alert: ServiceAlert): Promise<void> {
    await this.alerts.create(alert);
  }

  /** The service's open alert, or null. */
  openOf(serviceId: string): Promise<StoredAlert | null> {
    return this.alerts.findOne({ serviceId, open: true }).lean<StoredAlert>().exec();
  }

  /** Open alerts, oldest first. */
  allOpen(): Promise<StoredAlert[]> {
    return this.alerts
      .find({ open: true })
      .sort({ openedAt: 1 })
      .limit(LIST_PAGE)
      .lean<StoredAlert[]>()
      .exec();
  }

  /** A read-modify-write of one alert that loses no concurrent change (AtomicDocuments). */
  modify(id: string, decide: (current: StoredAlert) => Changes) {
    return this.atomic.modify<StoredAlert>(this.alerts, id, decide);
  }
}
