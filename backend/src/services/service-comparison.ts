import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { ComparedServiceDto } from './service-comparison.dto';
import type { ServiceFacts } from './service.dto';
import { ServicesService } from './services.service';

function compared(service: ServiceFacts): ComparedServiceDto {
  const { _id, title, image, category_id, rating, score, replies, verified } = service;
  return { _id, title, image, category_id, rating, score, replies, verified };
}

/** The sentence of a comparison naming services nobody can see. */
function missingSentence(ids: string[]): string {
  return ids.length === 1
    ? `No listed service has the id ${ids[0]}.`
    : `No listed services have the ids ${ids.join(', ')}.`;
}

/**
 * A few listed services side by side: each read by its id through the read cache, as its own page
 * reads it, so their figures are the ones their pages show.
 */
@Injectable()
export class ServiceComparison {
  constructor(private readonly services: ServicesService) {}

  /** The services in the order of `ids`; 404 naming those not found or not listed. */
  async compare(ids: string[]): Promise<ComparedServiceDto[]> {
    const found = await Promise.all(ids.map((id) => this.services.find(id)));
    const missing = ids.filter((_, index) => !found[index] || found[index].screening);
    if (missing.length > 0) throw new ApiError(404, missingSentence(missing), 'SERVICE_NOT_FOUND');
    return (found as ServiceFacts[]).map(compared);
  }
}
