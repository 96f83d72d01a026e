import { Global, Module } from '@nestjs/common';
import { ReadCache } from './read-cache';
import { ResponseCache } from './response-cache';

@Global()
@Module({ providers: [ReadCache, ResponseCache], exports: [ReadCache, ResponseCache] })
export class ReadCacheModule {}
