import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ADMIN_EMAIL } from './admin-defaults';
import { DEVELOPMENT_JWT_SECRET, PUBLISHED_JWT_SECRETS } from './published-secrets';
import { isTrustProxy, toTrustProxy } from './trust-proxy';

const optionalUrl = z.string().url().optional();
const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

/** A TCP port to listen on; 0 takes any free one. */
function portNumber(fallback: number) {
  const message = 'must be a whole number from 0 to 65535';
  return z.coerce
    .number({ invalid_type_error: message })
    .int(message)
    .min(0, message)
    .max(65535, message)
    .default(fallback);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: portNumber(3000),
    PUBLIC_URL: z.string().url().default('http://127.0.0.1:3000'),
    TRUST_PROXY: z
      .string()
      .optional()
      .refine(
        isTrustProxy,
        'must be a hop count (e.g. 1) or comma-separated proxy addresses or CIDRs',
      ),
    MONGO_URL: z
      .string({ required_error: 'is required (a mongodb:// URL)' })
      .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// URL'),
    REDIS_URL: z
      .string({ required_error: 'is required (a redis:// URL)' })
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.-]+$/, 'may hold letters, digits, dots, dashes and underscores only')
      .default('sc'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTH_URL: optionalUrl,
    GOOGLE_TOKEN_URL: optionalUrl,
    GOOGLE_USERINFO_URL: optionalUrl,
    ADMIN_EMAILS: emailList,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Service Critic <no-reply@service-critic.local>'),
    SPA_DIR: z.string().default(resolve(__dirname, '..', '..', '..', 'frontend', 'dist')),
    PAGE_RENDERER: z
      .string()
      .default(resolve(__dirname, '..', '..', '..', 'frontend', 'dist-server', 'entry-server.cjs')),
    SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
    WORKER_HEALTH_PORT: portNumber(3001),
    // The bearer token of /api/metrics and the worker's /metrics (docs/operations.md, "Metrics").
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
    // Test-only: holds every review-event job this long first (the shutdown test's slow job).
    WORKER_TEST_JOB_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    // Test-only: the API's stalled-reads hook (common/test-hooks), with NODE_ENV=test only.
    TEST_HOOKS: z.enum(['on', 'off']).default('off'),
    RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WRITES: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_TOKENS: z.coerce.number().int().min(1).default(120),
    ADMIN_EMAIL: z.string().email().default(DEFAULT_ADMIN_EMAIL),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    MAX_INFLIGHT_REQUESTS: z.coerce.number().int().min(1).default(256),
    MAX_QUEUED_WRITES: z.coerce.number().int().min(0).default(100),
    WRITE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters long').optional(),
    // Reports: the weight that flags a review, and mass-report holding (count per window).
    REPORT_FLAG_THRESHOLD: z.coerce.number().min(0.1).max(1000).default(3),
    REPORT_BURST_LIMIT: z.coerce.number().int().min(1).max(10_000).default(8),
    REPORT_BURST_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    // Review bursts on one service (moderation/burst-rule.ts says how they combine).
    BURST_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    BURST_MIN_REVIEWS: z.coerce.number().int().min(2).max(10_000).default(8),
    BURST_EXTREME_SHARE: z.coerce.number().min(0.5).max(1).default(0.7),
    BURST_NEW_ACCOUNT_DAYS: z.coerce.number().min(0).max(365).default(7),
    BURST_SUSPECT_SHARE: z.coerce.number().min(0.1).max(1).default(0.7),
    BURST_FEW_NETWORKS: z.coerce.number().int().min(1).max(100).default(3),
    BURST_RATE_MULTIPLIER: z.coerce.number().min(1).max(1000).default(5),
    BURST_BASELINE_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    // The fair score: how many reviews the site-wide mean counts as, and the reviews' half-life.
    SCORE_PRIOR_WEIGHT: z.coerce.number().min(0).max(1000).default(5),
    SCORE_HALF_LIFE_DAYS: z.coerce.number().min(30).max(36_500).default(365),
    // How long a customer invitation link stays usable.
    INVITATION_TTL_DAYS: z.coerce.number().min(0).max(365).default(30),
    // How long the link that confirms a claim of a service's page stays usable.
    CLAIM_TTL_HOURS: z.coerce.number().min(0).max(720).default(24),
    // Webhooks: loopback receivers (tests, local use), the retries' first delay (doubling, up to
    // 480 times it: about 24 h of tries at 30 s), a try's time limit, the failed tries in a row
    // that disable an endpoint, and how long a rotated secret still signs.
    WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
    WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    WEBHOOKS_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(15),
    WEBHOOKS_SECRET_OVERLAP_HOURS: z.coerce.number().min(0).max(720).default(24),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_HOOKS === 'on' && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['TEST_HOOKS'],
        message: 'may be on only with NODE_ENV=test: it lets anyone stall the API',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['JWT_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
    } else if (PUBLISHED_JWT_SECRETS.includes(env.JWT_SECRET)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['JWT_SECRET'],
        message:
          'is a value published in this repository, so anyone could sign tokens with it; set a random one (openssl rand -hex 32)',
      });
    }
  });

export type AppConfig = ReturnType<typeof toAppConfig>;

function toAppConfig(env: z.infer<typeof envSchema>) {
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
    trustProxy: toTrustProxy(env.TRUST_PROXY),
    mongoUrl: env.MONGO_URL,
    redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX },
    auth: {
      jwtSecret: env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
      adminEmails: env.ADMIN_EMAILS,
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizationUrl: env.GOOGLE_AUTH_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
            userInfoUrl: env.GOOGLE_USERINFO_URL,
          }
        : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    spaDir: env.SPA_DIR,
    /** The frontend's server build, which renders public pages for visitors; null: none. */
    pageRenderer: env.SERVER_RENDERING === 'on' ? env.PAGE_RENDERER : null,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** The worker's health server (worker.ts); 0: any free port, printed in its ready line. */
    workerHealthPort: env.WORKER_HEALTH_PORT,
    metricsToken: env.METRICS_TOKEN,
    workerTestJobDelayMs: env.WORKER_TEST_JOB_DELAY_MS,
    testHooks: env.TEST_HOOKS === 'on' && env.NODE_ENV === 'test',
    rateLimits: {
      auth: env.RATE_LIMIT_AUTH,
      writes: env.RATE_LIMIT_WRITES,
      tokens: env.RATE_LIMIT_TOKENS,
    },
    limits: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      dbTimeoutMs: env.DB_TIMEOUT_MS,
      maxInflightRequests: env.MAX_INFLIGHT_REQUESTS,
      maxQueuedWrites: env.MAX_QUEUED_WRITES,
      writeQueueTimeoutMs: env.WRITE_QUEUE_TIMEOUT_MS,
    },
    reports: {
      flagThreshold: env.REPORT_FLAG_THRESHOLD,
      burstLimit: env.REPORT_BURST_LIMIT,
      burstWindowMs: env.REPORT_BURST_WINDOW_MINUTES * 60_000,
    },
    burst: {
      windowMs: env.BURST_WINDOW_MINUTES * 60_000,
      minReviews: env.BURST_MIN_REVIEWS,
      extremeShare: env.BURST_EXTREME_SHARE,
      newAccountMs: Math.round(env.BURST_NEW_ACCOUNT_DAYS * 86_400_000),
      suspectShare: env.BURST_SUSPECT_SHARE,
      fewNetworks: env.BURST_FEW_NETWORKS,
      rateMultiplier: env.BURST_RATE_MULTIPLIER,
      baselineDays: env.BURST_BASELINE_DAYS,
    },
    score: { priorWeight: env.SCORE_PRIOR_WEIGHT, halfLifeDays: env.SCORE_HALF_LIFE_DAYS },
    invitationTtlMs: Math.round(env.INVITATION_TTL_DAYS * 86_400_000),
    claimTtlMs: Math.round(env.CLAIM_TTL_HOURS * 3_600_000),
    webhooks: {
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === 'true',
      retryBaseMs: env.WEBHOOKS_RETRY_BASE_MS,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      disableAfterFailures: env.WEBHOOKS_DISABLE_AFTER_FAILURES,
      secretOverlapMs: Math.round(env.WEBHOOKS_SECRET_OVERLAP_HOURS * 3_600_000),
    },
    seedAdmin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
  };
}

/** Thrown when the environment does not describe a runnable app; the message is for people. */
export class ConfigError extends Error {}

/** Never echoed in an error: start-up errors end up in logs. */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'ADMIN_PASSWORD', 'GOOGLE_CLIENT_SECRET']);

function describeIssue(issue: z.ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = issue.path.join('.');
  const given = env[name];
  const shown = given === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${given}")`;
  return `${name} ${issue.message}${shown}`;
}

/** Reads and checks the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => describeIssue(issue, env)).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}.`);
  }
  return toAppConfig(parsed.data);
}
