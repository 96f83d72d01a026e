import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Blog, BlogSchema } from '../blogs/blog.schema';
import { BlogsRepository } from '../blogs/blogs.repository';
import { SERVICE_MODELS } from '../services/service-listing.schema';
import { ServicesRepository } from '../services/services.repository';
import { ContentSeeder } from './content-seeder';

@Module({
  imports: [
    MongooseModule.forFeature([...SERVICE_MODELS, { name: Blog.name, schema: BlogSchema }]),
  ],
  providers: [ContentSeeder, ServicesRepository, BlogsRepository],
  exports: [ContentSeeder],
})
export class SeedModule {}
