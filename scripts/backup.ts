import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { backup } from './backup/backup.ts';
import { BackupError } from './backup/database.ts';

/**
 * npm run backup -- FILE
 * Writes one archive of the database and the uploaded files named by DATABASE_URL / DATA_DIR
 * (and FILE_STORAGE). Safe while the portal runs. docs/operations.md has the schedule.
 */
const given = process.argv[2];
if (!given) {
  console.error('用法：npm run backup -- 备份文件路径（例如 /backup/portal-2026-11-23.tar.gz）');
  process.exit(1);
}
// npm runs scripts from the project folder; a relative path means the caller's folder.
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
try {
  const started = Date.now();
  const manifest = await backup(loadConfig(), archive);
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  console.log(
    `备份完成：${archive}\n  数据库（${manifest.database.kind}）${Object.keys(manifest.database.tables).length} 张表、${rows} 行；文件 ${manifest.files.length} 个；用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
  );
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(`备份失败：${err.message}`);
  process.exit(1);
}
