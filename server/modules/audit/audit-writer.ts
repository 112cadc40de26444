import type { Db } from '#server/db/database.ts';
import { auditValues, insertAuditValues, MAX_ROWS_PER_INSERT, type AuditEntry, type AuditValues } from './audit.repository.ts';

export type AuditRecorder = (entry: AuditEntry) => Promise<void>;

const writers = new WeakMap<Db, AuditRecorder>();

/**
 * The database's one writer, whoever writes: the console's rows (audit.service.ts `record`) and the
 * enterprise accounts' sign-in events (account/account-audit.ts) queue in the same group commit.
 */
export function auditWriterOf(db: Db): AuditRecorder {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = auditWriter(db)));
  return writer;
}

interface Waiting {
  values: AuditValues;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * The server's way to write audit rows: a group commit. Every console call writes its row before
 * it answers (each audit search too), and on PostgreSQL each row cost a round trip and a commit
 * of its own (docs/decisions.md, "Audit rows are written in groups"). A row that arrives while an
 * insert is under way waits for it, then goes in with every row that queued meanwhile, in one
 * statement; a row that finds nothing under way is written at once, as before. Each caller still
 * learns only when its own row is committed, rows keep the order they came in, and a failed
 * insert fails every caller of its group, as it failed its one caller before.
 */
export function auditWriter(db: Db): AuditRecorder {
  const queue: Waiting[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_ROWS_PER_INSERT);
      try {
        await insertAuditValues(db, group.map((w) => w.values));
        for (const w of group) w.resolve();
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    writing = false;
  }

  return (entry) =>
    new Promise<void>((resolve, reject) => {
      // Stamped and checked now: a row's time is when it happened, and a bad entry fails its caller alone.
      queue.push({ values: auditValues(entry), resolve, reject });
      if (!writing) void drain();
    });
}
