import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/**
 * WEB_CONCURRENCY=N: N copies of the portal serving one port through Node's cluster module (the
 * primary accepts connections and hands them to the workers in turn). What a request needs beyond
 * its own process already lives in PostgreSQL and Redis, as for instances behind a load balancer
 * (docs/operations.md 多实例), so a worker is one more instance; config.ts refuses N > 1 without
 * them. This process serves nothing itself: it migrates once, starts the workers, replaces one that
 * dies, and on SIGTERM or SIGINT has every worker drain as a single process would.
 */

/** A worker that dies is replaced after this pause, so a crash loop cannot spin the machine. */
const RESTART_DELAY_MS = 1_000;
/** Workers drain for up to 25 s and exit within 30 s (main.ts); then the primary gives up on them. */
const STOP_DEADLINE_MS = 32_000;

export async function runPrimary(config: Config): Promise<void> {
  // Once, before any worker: N processes migrating the same schema at once would race.
  const db = createDb(config.database, { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }

  let stopping = false;
  const listening = new WeakSet<Worker>();
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) process.exit();
      return;
    }
    // A worker that never listened failed at start (the database unreachable, say): another one
    // would fail the same way, so the whole service stops and says so, as a single process does.
    if (!listening.has(worker)) {
      console.error(`工作进程 ${worker.process.pid} 启动失败（退出码 ${code ?? signal}），服务停止`);
      stop('SIGTERM', 1);
      return;
    }
    console.error(`工作进程 ${worker.process.pid} 意外退出（${signal ?? `退出码 ${code}`}），${RESTART_DELAY_MS / 1000} 秒后重启`);
    setTimeout(() => stopping || start(), RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    // A second signal is passed on: the workers take it as "stop now" (main.ts).
    if (stopping) {
      for (const worker of alive()) worker.process.kill(signal);
      return;
    }
    stopping = true;
    process.exitCode = exitCode;
    const workers = alive();
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker.process.kill(signal);
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < config.workers; i++) start();
}
