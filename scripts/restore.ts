import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { restore } from './backup/backup.ts';
import { BackupError } from './backup/database.ts';

/**
 * npm run restore -- FILE
 * Restores an archive of `npm run backup` into the empty database and file store named by
 * DATABASE_URL / DATA_DIR (and FILE_STORAGE), with the portal stopped, then checks every table's
 * row count and every file's hash against the archive.
 */
const given = process.argv[2];
if (!given) {
  console.error('用法：npm run restore -- 备份文件路径（请先停止门户，并指向空的数据目录或数据库）');
  process.exit(1);
}
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
try {
  const { manifest, tables, files } = await restore(loadConfig(), archive);
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  console.log(`恢复完成（备份时间 ${manifest.createdAt}），已核对：`);
  console.log(`  数据库（${manifest.database.kind}）${Object.keys(tables).length} 张表、共 ${rows} 行，每张表行数与备份一致`);
  console.log(`  文件 ${files} 个，每个文件的 SHA-256 与备份一致`);
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(`恢复失败：${err.message}`);
  process.exit(1);
}
