import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReviewsCoreModule } from '../reviews/reviews-core.module';
import { ServicesModule } from '../services/services.module';
import { TransparencyController } from './transparency.controller';
import { TransparencyMonth, TransparencyMonthSchema } from './transparency-month.schema';
import { TransparencyRepository } from './transparency.repository';
import { TransparencyService } from './transparency.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: TransparencyMonth.name, schema: TransparencyMonthSchema }]),
    ReviewsCoreModule,
    ServicesModule,
  ],
  controllers: [TransparencyController],
  providers: [TransparencyService, TransparencyRepository],
  exports: [TransparencyService],
})
export class TransparencyModule {}
