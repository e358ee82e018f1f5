import { JetStreamApiError } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { BusError } from '../../shared/bus/bus-error.js';
import { toBusError } from '../../shared/bus/nats-errors.js';
import { whileElecting } from '../../shared/bus/nats-replicas.js';
import { dependencyOutage } from '../../shared/errors/dependency-outage.js';

// JetStream answers an API request it cannot serve while a group it needs elects a leader with status 503,
// "JetStream system temporarily unavailable" (err_code 10008). Issue #38's HA scenario: a partition's start
// (creating its mailbox consumer) met it after a NATS node's loss, gave up at once and released the
// partition, whose calls then went unanswered for 12.7 s, past the 10 s bound.
const temporarilyUnavailable = () => new JetStreamApiError({ code: 503, err_code: 10008, description: 'JetStream system temporarily unavailable' });

describe('JetStream temporarily unavailable', () => {
  it('is the bus being unavailable: an outage (a 503 to clients), not an unknown error', () => {
    const mapped = toBusError(temporarilyUnavailable(), 'consumer mbox-2');
    expect(mapped).toBeInstanceOf(BusError);
    expect((mapped as BusError).code).toBe('unavailable');
    expect(dependencyOutage(mapped)).toBe('bus');
  });

  it('creating a stream, bucket or consumer is tried again through it', async () => {
    let tries = 0;
    const created = await whileElecting('consumer mbox-2', async () => {
      if (++tries < 3) throw temporarilyUnavailable();
      return 'created';
    });
    expect(created).toBe('created');
    expect(tries).toBe(3);
  });

  it('a request JetStream refuses for good is not tried again', async () => {
    let tries = 0;
    const refused = whileElecting('consumer mbox-2', async () => {
      tries++;
      throw new JetStreamApiError({ code: 400, err_code: 10012, description: 'consumer name in subject does not match durable name in request' });
    });
    await expect(refused).rejects.toThrow(/does not match/);
    expect(tries).toBe(1);
  });
});
