/** A small in-process cache with a time to live, for values that may be a few seconds stale. */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; at: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 5000) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    if (this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(key, { value, at: Date.now() });
    return value;
  }

  clear(): void {
    this.map.clear();
  }
}
