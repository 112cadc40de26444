/**
 * Counts detail views in memory and adds them to the table in one batch every few seconds, so
 * that reading a detail never waits for a write. Several instances each add their own counts,
 * so the totals stay right; a crash loses at most the last interval's views.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (counts: Map<number, number>) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    intervalMs = 5_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(this.onError), intervalMs).unref();
  }

  add(id: number): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const counts = this.pending;
    this.pending = new Map();
    try {
      await this.write(counts);
    } catch (err) {
      // Keep the counts for the next try rather than lose them.
      for (const [id, n] of counts) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      throw err;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
