import type { SimPhone, SimPhoneDefine } from '../../protocol/api/admin-sim.js';
import { parseSimPhoneRecord, simPhoneKey, type SimPhoneRecord } from '../../protocol/media/sim-phone-record.js';
import { BUILT_IN_PHONES } from '../../protocol/media/sim-directory.js';
import type { Bus } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { SIM_PHONES_BUCKET } from '../../protocol/bus/bus-names.js';

/** Most phones that can be defined: the directory is for tests and demos, and every node holds it all. */
export const MAX_DEFINED_SIM_PHONES = 1000;

const encoder = new TextEncoder();

/**
 * Defines (or redefines) a phone on the simulated network of every media node: the definition goes into
 * the `sim-phones` KV bucket, which every node watches (media/sim/sim-phone-sync.ts).
 */
export async function defineSimPhone(bus: Bus, clock: Clock, input: SimPhoneDefine): Promise<SimPhone> {
  const record: SimPhoneRecord = { number: input.number, script: input.script, description: input.description ?? '', definedAt: clock.now() };
  const bucket = await bus.kv(SIM_PHONES_BUCKET);
  const key = simPhoneKey(input.number);
  const keys = await bucket.keys();
  if (!keys.includes(key) && keys.length >= MAX_DEFINED_SIM_PHONES) {
    throw new SentralError('conflict', { message: `At most ${MAX_DEFINED_SIM_PHONES} phones can be defined.`, param: 'number' });
  }
  await bucket.put(key, encoder.encode(JSON.stringify(record)));
  return toSimPhone(record);
}

/** Every phone of the simulated network by number: the built-in directory and the defined phones (which replace built-in ones). */
export async function listSimPhones(bus: Bus): Promise<SimPhone[]> {
  const phones = new Map<string, SimPhone>();
  for (const [number, script, description] of BUILT_IN_PHONES) {
    phones.set(number, { object: 'sim_phone', number, script, description, builtIn: true, definedAt: null });
  }
  for (const record of await definedSimPhones(bus)) phones.set(record.number, toSimPhone(record));
  return [...phones.values()].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}

async function definedSimPhones(bus: Bus): Promise<SimPhoneRecord[]> {
  const bucket = await bus.kv(SIM_PHONES_BUCKET);
  const out: SimPhoneRecord[] = [];
  for (const key of await bucket.keys()) {
    const entry = await bucket.get(key);
    const record = entry ? parseSimPhoneRecord(entry.value) : null;
    if (record) out.push(record);
  }
  return out;
}

function toSimPhone(record: SimPhoneRecord): SimPhone {
  return {
    object: 'sim_phone',
    number: record.number,
    script: record.script,
    description: record.description,
    builtIn: false,
    definedAt: new Date(record.definedAt).toISOString(),
  };
}
