import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import type { Page, PageQueryDto } from '../common/pagination';
import { ReviewLists } from '../reviews/review-lists';
import type { ReviewDto } from '../reviews/review.dto';
import { UsersService } from '../users/users.service';
import type { ProfileDto } from './profile.dto';

/** Public profiles: a user's name, photo, membership and published reviews. */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly users: UsersService,
    private readonly lists: ReviewLists,
  ) {}

  async profile(id: string): Promise<ProfileDto> {
    const user = await this.users.findById(id);
    if (!user) throw new ApiError(404, 'No user has this profile.', 'PROFILE_NOT_FOUND');
    const { createdAt } = user as { createdAt?: Date };
    return {
      uid: id,
      displayName: user.displayName,
      photoURL: user.photoURL ?? '',
      memberSince: createdAt ?? new Date(0),
      reviewCount: (await this.lists.publishedBy(id)).length,
      emailVerified: user.emailVerified === true,
    };
  }

  async reviewsOf(id: string, query: PageQueryDto, caller?: AuthUser): Promise<Page<ReviewDto>> {
    const published = await this.lists.publishedBy(id, caller);
    return {
      items: published.slice(query.offset, query.offset + query.limit),
      total: published.length,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
