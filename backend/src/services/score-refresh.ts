import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ReadCache } from '../common/read-cache/read-cache';
import { fairScore, priorOf } from '../ratings/fair-score';
import { ServicesRepository } from './services.repository';
import { SERVICES_SCOPE, serviceScope } from './services.service';
import { SiteRatingTotals } from './site-rating-totals';

/**
 * A score moves without any review of its service: the site-wide mean changes with every review,
 * and each review weighs less as it ages. Each rating change stores its service's score; this
 * recounts the site-wide totals from the services' counters (mending any drift a crash left) and
 * stores every score again, so `top_rated` never sorts by values more than one run old. The
 * worker runs it hourly (MaintenanceProcessor); the bulk seed once at its end.
 */
@Injectable()
export class ScoreRefresh {
  constructor(
    private readonly services: ServicesRepository,
    private readonly cache: ReadCache,
    private readonly siteRatings: SiteRatingTotals,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers how many stored scores changed. */
  async run(now: number = Date.now()): Promise<number> {
    // This process's changes not written yet are in the services' counters already: written
    // after the recount, they would count twice.
    await this.siteRatings.flush();
    const totals = await this.services.summedRatings();
    await this.services.setSiteRatings(totals);
    this.siteRatings.recounted(totals);
    const prior = priorOf(totals);
    let changed = 0;
    const scoreOf = (counters: Parameters<typeof fairScore>[0]) =>
      fairScore(counters, prior, this.config.score, now) ?? 0;
    for (const counters of await this.services.allScoreCounters()) {
      if (scoreOf(counters) === counters.ratingScore) continue;
      const id = String(counters._id);
      const written = await this.services.modify(id, (current) => {
        const score = scoreOf(current);
        return score === current.ratingScore ? null : { ratingScore: score };
      });
      if (!written) continue;
      changed += 1;
      await this.cache.invalidate(serviceScope(id));
    }
    await this.cache.invalidate(SERVICES_SCOPE);
    return changed;
  }
}
