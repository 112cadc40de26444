import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Kv } from './platform/store/kv.ts';

/** What every service may use. Services are the one place where business rules live. */
export interface Deps {
  config: Config;
  db: Db;
  kv: Kv;
  log: FastifyBaseLogger;
}
