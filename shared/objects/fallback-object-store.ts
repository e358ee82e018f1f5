import type { ObjectInfo, ObjectStore, StoredObject } from './object-store.js';

/**
 * A store whose objects are written to `primary` and read from it, or else from `fallback`: recordings
 * kept in the local directory before the cluster stored them in NATS keep being served until
 * `sentral recordings migrate` has copied them over.
 */
export class FallbackObjectStore implements ObjectStore {
  constructor(
    private readonly primary: ObjectStore,
    private readonly fallback: ObjectStore,
  ) {}

  put(name: string, data: AsyncIterable<Uint8Array>): Promise<ObjectInfo> {
    return this.primary.put(name, data);
  }

  async get(name: string): Promise<StoredObject | null> {
    return (await this.primary.get(name)) ?? this.fallback.get(name);
  }

  async info(name: string): Promise<ObjectInfo | null> {
    return (await this.primary.info(name)) ?? this.fallback.info(name);
  }

  async delete(name: string): Promise<boolean> {
    const [primary, fallback] = [await this.primary.delete(name), await this.fallback.delete(name)];
    return primary || fallback;
  }

  async list(): Promise<ObjectInfo[]> {
    const primary = await this.primary.list();
    const names = new Set(primary.map((o) => o.name));
    const merged = [...primary, ...(await this.fallback.list()).filter((o) => !names.has(o.name))];
    return merged.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async close(): Promise<void> {
    await this.primary.close();
    await this.fallback.close();
  }
}
