/** What the calls API routes share: the services, the media node picker, the connection signer and the actor client. */
import type { KeyObject } from 'node:crypto';
import type { Services } from '../../../shared/services/services.js';
import { ensureRoomKeys } from '../room-keys.js';
import type { ActorClient } from '../mailbox/call-mailbox.js';
import { ConnectionSigner } from './connection-signer.js';
import { MediaNodePicker } from './media-node-picker.js';
import { SetupAdmission } from './setup-admission.js';

/** The parts every call route uses. */
export interface CallsService {
  services: Services;
  actors: ActorClient;
  picker: MediaNodePicker;
  signer: ConnectionSigner;
  /** Bounds the setups in flight (503 overloaded beyond), fairly between companies. */
  admission: SetupAdmission;
  /** The private half of the room key (room and transcription session tokens are signed with it). */
  roomKey: () => Promise<KeyObject>;
}

/** Builds the calls service of an API process (the room key is read, or made, on first use). */
export function callsService(services: Services): CallsService {
  let roomKey: ReturnType<typeof ensureRoomKeys> | undefined;
  const privateKey = async () => {
    // A failed read is not kept: the next request tries again.
    roomKey ??= ensureRoomKeys(services.sql, services.bus).catch((err: unknown) => {
      roomKey = undefined;
      throw err;
    });
    return (await roomKey).privateKey;
  };
  return {
    services,
    actors: { bus: services.bus, clock: services.clock, partitions: services.config.partitions },
    picker: new MediaNodePicker(services.bus, services.clock),
    signer: new ConnectionSigner(privateKey),
    admission: new SetupAdmission(services.config.setupsInFlight, services.config.setupsPerCompany),
    roomKey: privateKey,
  };
}
