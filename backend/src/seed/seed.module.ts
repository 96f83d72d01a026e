import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Blog, BlogSchema } from '../blogs/blog.schema';
import { ServiceListing, ServiceListingSchema } from '../services/service-listing.schema';
import { ContentSeeder } from './content-seeder';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ServiceListing.name, schema: ServiceListingSchema },
      { name: Blog.name, schema: BlogSchema },
    ]),
  ],
  providers: [ContentSeeder],
  exports: [ContentSeeder],
})
export class SeedModule {}
