/** Injects the process's Redis connection, which infrastructure/redis.module provides. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
