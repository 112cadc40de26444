/**
 * A seeded random source, so that the demo data is the same on every machine and every run.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** mulberry32: small, fast, good enough for demo data. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An ISO time between `daysAgoMax` and `daysAgoMin` days before `now`, on office hours. */
  pastIso(now: Date, daysAgoMin: number, daysAgoMax: number): string {
    const d = new Date(now.getTime() - this.int(daysAgoMin, daysAgoMax) * 86_400_000);
    d.setUTCHours(this.int(0, 9), this.int(0, 59), 0, 0); // 08:00–17:59 in Shanghai
    return d.toISOString();
  }
}

/** Inserts many rows in chunks that both databases accept in one statement. */
export async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
