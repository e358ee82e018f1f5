/**
 * Which partition a call belongs to: FNV-1a (32 bit) of the call id, modulo the cluster's partition
 * count. Both planes use this one function, so a media event lands in the mailbox its owner consumes.
 */
export function partitionOf(callId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < callId.length; i++) {
    hash ^= callId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/** The relative bus subject of a call's mailbox: `cmd.<partition>.<callId>`. */
export function mailboxSubject(callId: string, partitions: number): string {
  return `cmd.${partitionOf(callId, partitions)}.${callId}`;
}

/** The mailbox stream: every call's commands and events, one work queue. */
export const MAILBOX_STREAM = { name: 'mailbox', subjects: ['cmd.>'], retention: 'workqueue' } as const;
