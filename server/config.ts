import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isAddressOrNetwork } from './platform/metrics/allow-list.ts';

/**
 * Every setting of the portal, read once from the environment, validated and frozen.
 * Behaviour is keyed on these explicit settings. NODE_ENV decides only three things: Vite's
 * dev server in development (server/platform/ssr/react-router.ts), refusing DEV_FIXED_CODES in
 * production, and allowing an http:// SSO issuer outside production (for the test provider).
 */
const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const WORKERS_MESSAGE = 'WEB_CONCURRENCY 须为 1–32 的整数（工作进程数）';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  WEB_CONCURRENCY: z.coerce.number({ error: WORKERS_MESSAGE }).int(WORKERS_MESSAGE).min(1, WORKERS_MESSAGE).max(32, WORKERS_MESSAGE).default(1),
  HOST: z.string().default('::'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(v), 'DATABASE_URL 须以 postgres:// 或 sqlite: 开头'),
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^rediss?:\/\//.test(v), 'REDIS_URL 须以 redis:// 开头'),
  ENABLE_CACHE: flag(true),
  PUBLIC_BASE_URL: z.string().url('PUBLIC_BASE_URL 须为完整网址').optional(),
  TRUST_PROXY: flag(false),
  DEV_FIXED_CODES: flag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.every(isAddressOrNetwork), 'METRICS_ALLOW 须为以逗号分隔的 IP 地址或网段，例如 127.0.0.1,::1,10.0.0.0/8'),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET 至少 32 个字符').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(2).max(24 * 60).default(30),
  SMS_DRIVER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SSO_ISSUER: z.string().url('SSO_ISSUER 须为完整网址').optional(),
  SSO_CLIENT_ID: z.string().optional(),
  SSO_CLIENT_SECRET: z.string().optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  FILE_STORAGE: z.enum(['local', 's3'], { error: 'FILE_STORAGE 须为 local（本地目录）或 s3（S3 兼容对象存储）' }).default('local'),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT 须为完整网址，例如 https://oss-cn-shanghai.aliyuncs.com').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET 须为 3–63 位小写字母、数字、点或连字符')
    .optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  PLATFORM_NAME: z.string().default('某某综合保税区企业服务平台'),
  SITE_GOV_URL: z.string().url().default('https://www.gov.cn/'),
  SITE_GOV_NAME: z.string().default('某某综合保税区管理委员会'),
  SITE_SUPPORT: z.string().default('某某综合保税区企业服务局'),
  SITE_BUILDER: z.string().default('某某信息技术有限公司'),
  SITE_ICP: z.string().default('沪ICP备00000000号-1'),
  SITE_PSB: z.string().default('沪公网安备 31000000000000号'),
  SITE_GOV_CODE: z.string().default('3100000000'),
  SITE_ERROR_REPORT_URL: z.string().url().default('https://zfwzzc.www.gov.cn/'),
  SITE_QR1_LABEL: z.string().default('微信公众号'),
  SITE_QR1_URL: z.string().url().default('https://mp.weixin.qq.com/'),
  SITE_QR2_LABEL: z.string().default('政务服务小程序'),
  SITE_QR2_URL: z.string().url().default('https://zwfw.gov.cn/'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** WEB_CONCURRENCY: processes serving the port (server/workers.ts); 1 is this process alone. */
  workers: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | null;
  enableCache: boolean;
  publicBaseUrl: string | null;
  trustProxy: boolean;
  devFixedCodes: boolean;
  logLevel: string;
  /** METRICS_ALLOW: the addresses and networks GET /metrics answers (platform/metrics); empty: none. */
  metricsAllow: string[];
  tokenSecret: string;
  sessionIdleMinutes: number;
  sms: { driver: 'log' | 'http'; httpUrl: string | null; httpToken: string | null };
  sso: { issuer: string; clientId: string; clientSecret: string } | null;
  uploadMaxBytes: number;
  /** Where uploaded files live: DATA_DIR/uploads, or a bucket that every instance shares. */
  fileStorage: { kind: 'local' } | { kind: 's3'; endpoint: string; region: string; bucket: string; accessKey: string; secretKey: string };
  /** Everything the pages show of the site itself: names, credits, record numbers, QR targets. */
  site: {
    platformName: string;
    govUrl: string;
    govName: string;
    support: string;
    builder: string;
    icp: string;
    psb: string;
    govCode: string;
    errorReportUrl: string;
    qrCodes: { label: string; url: string }[];
  };
}

export class ConfigError extends Error {}

/** A secret that is not given is generated once into DATA_DIR, so restarts keep sessions. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv | Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置有误，请检查以下环境变量：\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DEV_FIXED_CODES && e.NODE_ENV === 'production') {
    throw new ConfigError('DEV_FIXED_CODES 仅供测试使用，不能在 NODE_ENV=production 时开启');
  }
  const ssoParts = [e.SSO_ISSUER, e.SSO_CLIENT_ID, e.SSO_CLIENT_SECRET];
  if (ssoParts.some(Boolean) && !ssoParts.every(Boolean)) {
    throw new ConfigError('统一身份认证需同时设置 SSO_ISSUER、SSO_CLIENT_ID 和 SSO_CLIENT_SECRET');
  }
  if (e.SMS_DRIVER === 'http' && !e.SMS_HTTP_URL) {
    throw new ConfigError('SMS_DRIVER=http 时须设置 SMS_HTTP_URL（短信网关地址）');
  }
  const s3 = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY: e.S3_ACCESS_KEY, S3_SECRET_KEY: e.S3_SECRET_KEY };
  const missing = Object.entries(s3).filter(([, v]) => !v).map(([k]) => k);
  if (e.FILE_STORAGE === 's3' && missing.length) {
    throw new ConfigError(`FILE_STORAGE=s3 时须同时设置 S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY 和 S3_SECRET_KEY（缺少：${missing.join('、')}）`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL;
  const database: Config['database'] =
    dbUrl && /^postgres/.test(dbUrl)
      ? { kind: 'postgres', url: dbUrl }
      : { kind: 'sqlite', file: dbUrl ? dbUrl.replace(/^(sqlite|file):(\/\/)?/, '') : path.join(dataDir, 'portal.db') };
  // Workers are instances on one machine: they need what instances share (docs/operations.md 多实例).
  // SQLite is one writer per file: several processes writing it would fail each other's transactions.
  if (e.WEB_CONCURRENCY > 1 && !(database.kind === 'postgres' && e.REDIS_URL)) {
    throw new ConfigError(
      'WEB_CONCURRENCY 大于 1 时须同时设置 DATABASE_URL=postgres://…（PostgreSQL）与 REDIS_URL：多个工作进程共用数据库，验证码、限流与页面缓存须在进程之间共享',
    );
  }

  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    workers: e.WEB_CONCURRENCY,
    host: e.HOST,
    dataDir,
    database,
    redisUrl: e.REDIS_URL ?? null,
    enableCache: e.ENABLE_CACHE,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? null,
    trustProxy: e.TRUST_PROXY,
    devFixedCodes: e.DEV_FIXED_CODES,
    logLevel: e.LOG_LEVEL,
    metricsAllow: e.METRICS_ALLOW,
    tokenSecret: e.TOKEN_SECRET ?? persistentSecret(dataDir, 'token-secret'),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sms: { driver: e.SMS_DRIVER, httpUrl: e.SMS_HTTP_URL ?? null, httpToken: e.SMS_HTTP_TOKEN ?? null },
    sso: e.SSO_ISSUER ? { issuer: e.SSO_ISSUER, clientId: e.SSO_CLIENT_ID!, clientSecret: e.SSO_CLIENT_SECRET! } : null,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    fileStorage:
      e.FILE_STORAGE === 's3'
        ? { kind: 's3' as const, endpoint: e.S3_ENDPOINT!, region: e.S3_REGION, bucket: e.S3_BUCKET!, accessKey: e.S3_ACCESS_KEY!, secretKey: e.S3_SECRET_KEY! }
        : { kind: 'local' as const },
    site: Object.freeze({
      platformName: e.PLATFORM_NAME,
      govUrl: e.SITE_GOV_URL,
      govName: e.SITE_GOV_NAME,
      support: e.SITE_SUPPORT,
      builder: e.SITE_BUILDER,
      icp: e.SITE_ICP,
      psb: e.SITE_PSB,
      govCode: e.SITE_GOV_CODE,
      errorReportUrl: e.SITE_ERROR_REPORT_URL,
      qrCodes: [
        { label: e.SITE_QR1_LABEL, url: e.SITE_QR1_URL },
        { label: e.SITE_QR2_LABEL, url: e.SITE_QR2_URL },
      ],
    }),
  });
}
