import { Module } from '@nestjs/common';
import { ReviewsModule } from '../reviews/reviews.module';
import { AppealsController } from './appeals.controller';
import { AppealsService } from './appeals.service';

@Module({
  imports: [ReviewsModule],
  controllers: [AppealsController],
  providers: [AppealsService],
})
export class AppealsModule {}
