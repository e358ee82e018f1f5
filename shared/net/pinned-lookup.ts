import type { LookupAddress, LookupOptions } from 'node:dns';
import type { CheckedTarget } from './target-check.js';

/** The shape of `lookup` that node:net, node:http(s) and ws take. */
export type LookupFunction = (
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * A `lookup` that answers the target's host name with the address `resolveTarget` checked, and refuses any
 * other name. Given to the HTTP or WebSocket client, the connection goes to the checked address while TLS
 * SNI, certificate check and Host keep the name, so a DNS answer that changes after the check (rebinding)
 * cannot redirect it.
 */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  const name = target.url.hostname;
  return (hostname, options, callback) => {
    if (hostname !== name) {
      const err: NodeJS.ErrnoException = new Error(`${hostname} was not checked as a target`);
      err.code = 'ENOTFOUND';
      callback(err, '');
      return;
    }
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
