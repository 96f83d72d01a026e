import { Module } from '@nestjs/common';
import { ReviewsModule } from '../reviews/reviews.module';
import { ServicesModule } from '../services/services.module';
import { RepliesController } from './replies.controller';
import { RepliesService } from './replies.service';

@Module({
  imports: [ReviewsModule, ServicesModule],
  controllers: [RepliesController],
  providers: [RepliesService],
})
export class RepliesModule {}
