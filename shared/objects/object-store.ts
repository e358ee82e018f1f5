/**
 * Named binary objects (recordings) in a store every process of a cluster reaches. Two adapters implement
 * it, a local directory (standalone) and the NATS JetStream Object Store (cluster); one contract suite
 * (test/integration/object-store.contract.test.ts) runs against both.
 *
 * Objects are written and read as streams of chunks, so an hour-long recording never sits in memory whole.
 * A put becomes visible only when it completes (a reader never sees half an object); a put under an
 * existing name replaces it.
 */
export interface ObjectStore {
  /** Stores the bytes `data` yields under `name`; resolves with the stored object's info once it is complete. */
  put(name: string, data: AsyncIterable<Uint8Array>): Promise<ObjectInfo>;
  /** The object's info and its bytes, read lazily in chunks as the caller iterates; null when there is none. */
  get(name: string): Promise<StoredObject | null>;
  /** The object's info, or null when there is none. */
  info(name: string): Promise<ObjectInfo | null>;
  /** Removes the object; false when there was none. */
  delete(name: string): Promise<boolean>;
  /** Every object in the store (name order). */
  list(): Promise<ObjectInfo[]>;
  close(): Promise<void>;
}

/** What the store knows of an object. */
export interface ObjectInfo {
  name: string;
  /** Size in bytes. */
  size: number;
}

/** An object being read. */
export interface StoredObject {
  info: ObjectInfo;
  /** The bytes, chunk by chunk (iterate once); throws when the object vanishes or proves corrupt mid-read. */
  data: AsyncIterable<Uint8Array>;
}

// Letters, digits, `_`, `-` and `.`, not starting with a dot: safe as a file name and as an object name,
// with no way to name a directory above the store.
const OBJECT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/** Thrown for a name outside the object name rules (a store never touches anything for it). */
export class InvalidObjectNameError extends Error {
  constructor(name: string) {
    super(`invalid object name ${JSON.stringify(name.slice(0, 140))}: use 1-128 letters, digits, _, - or ., not starting with .`);
    this.name = 'InvalidObjectNameError';
  }
}

/** Throws InvalidObjectNameError unless `name` is a valid object name. */
export function checkObjectName(name: string): string {
  if (typeof name !== 'string' || !OBJECT_NAME.test(name)) throw new InvalidObjectNameError(String(name));
  return name;
}

/** True when `name` is a valid object name. */
export function isObjectName(name: string): boolean {
  return OBJECT_NAME.test(name);
}
