import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync } from 'node:fs';

/**
 * A PostgreSQL cluster of the fault tests' own (Debian's postgresql-common: pg_createcluster,
 * pg_ctlcluster), on its own port, so that restarting it disturbs nobody else's database. Made
 * once (an existing one of this name is reused: a run killed half-way leaves it behind) and
 * dropped by drop(). Needs root, as CI runs (.ci/run).
 */
export const CLUSTER_NAME = 'portal_faults';
export const CLUSTER_PORT = 5499;

function version(): string {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').filter((v) => /^\d+$/.test(v)) : [];
  if (!versions.length || !existsSync('/usr/bin/pg_createcluster')) {
    throw new Error('故障测试需要 PostgreSQL 服务端与 postgresql-common（pg_createcluster）：apt-get install postgresql（.ci/run 会安装）');
  }
  return versions.sort((a, b) => Number(b) - Number(a))[0];
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).toString();

export interface PgCluster {
  url(db: string): string;
  /**
   * `pg_ctlcluster … <action>`; `-m fast` ends the sessions as a restart or a failover does (57P01).
   * Not blocking: the test's own requests go on while it runs.
   */
  ctl(action: 'start' | 'stop' | 'restart'): Promise<void>;
  psql(sql: string, db?: string): string;
  drop(): void;
}

export async function ensureCluster(): Promise<PgCluster> {
  const v = version();
  const listed = run('pg_lsclusters', ['--no-header']).split('\n').some((line) => line.split(/\s+/)[1] === CLUSTER_NAME);
  if (!listed) {
    run('pg_createcluster', [v, CLUSTER_NAME, '--port', String(CLUSTER_PORT), '--', '--auth=trust', '--no-sync']);
  }
  const ctl = async (action: 'start' | 'stop' | 'restart') => {
    const status = run('pg_lsclusters', ['--no-header']).split('\n').find((line) => line.split(/\s+/)[1] === CLUSTER_NAME) ?? '';
    const online = /\bonline\b/.test(status);
    if ((action === 'start' && online) || (action === 'stop' && !online)) return;
    await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', v, CLUSTER_NAME, action, ...(action === 'start' ? [] : ['-m', 'fast'])], { timeout: 120_000 });
  };
  await ctl('start');
  const psql = (sql: string, db = 'postgres') =>
    run('psql', ['-h', '127.0.0.1', '-p', String(CLUSTER_PORT), '-U', 'postgres', '-d', db, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${CLUSTER_PORT}/${db}`,
    ctl,
    psql,
    drop: () => run('pg_dropcluster', [v, CLUSTER_NAME, '--stop']),
  };
}
