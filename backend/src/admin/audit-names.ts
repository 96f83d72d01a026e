import { Injectable } from '@nestjs/common';
import type { AuditEntry } from '../audit/audit-entry.schema';
import type { AuditEntryDto } from '../audit/audit.dto';
import type { Page } from '../common/pagination';
import { ServicesService } from '../services/services.service';
import { UsersService } from '../users/users.service';

/**
 * Puts names on a page of the audit trail: the actor's and the service's as they are now, each
 * read once per page by its id (a key read; services are kept in memory already).
 */
@Injectable()
export class AuditNames {
  constructor(
    private readonly users: UsersService,
    private readonly services: ServicesService,
  ) {}

  async of(page: Page<AuditEntry>): Promise<Page<AuditEntryDto>> {
    const actorIds = unique(
      page.items.filter((entry) => entry.actor.role !== 'system').map((entry) => entry.actorId),
    );
    const serviceIds = unique(page.items.flatMap((entry) => entry.serviceId ?? []));
    const [actors, services] = await Promise.all([
      Promise.all(actorIds.map((id) => this.users.findById(id))),
      Promise.all(serviceIds.map((id) => this.services.identity(id))),
    ]);
    const actorNames = new Map(actorIds.map((id, index) => [id, actors[index]?.displayName]));
    const serviceTitles = new Map(serviceIds.map((id, index) => [id, services[index]?.title]));
    return {
      ...page,
      items: page.items.map((entry) => {
        const actorName = actorNames.get(entry.actorId);
        const serviceTitle = entry.serviceId && serviceTitles.get(entry.serviceId);
        return {
          ...entry,
          ...(actorName && { actorName }),
          ...(serviceTitle && { serviceTitle }),
        };
      }),
    };
  }
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
