import { Module } from '@nestjs/common';
import { BlogsModule } from '../blogs/blogs.module';
import { ServicesModule } from '../services/services.module';
import { SitemapService } from './sitemap.service';

/** What search engines read besides the pages: the sitemap (robots.txt needs no module). */
@Module({
  imports: [ServicesModule, BlogsModule],
  providers: [SitemapService],
  exports: [SitemapService],
})
export class CrawlersModule {}
