import { describe, expect, it } from 'vitest';
import { closeListenSocket, createApp, listen } from '../../media/server/uws.js';

describe('the media server port', () => {
  it('is refused to a second media server while the first holds it (no silent SO_REUSEPORT sharing)', async () => {
    const first = await listen(createApp(), '127.0.0.1', 0);
    try {
      await expect(listen(createApp(), '127.0.0.1', first.port)).rejects.toThrow(`could not listen on 127.0.0.1:${first.port}`);
    } finally {
      closeListenSocket(first.socket);
    }
    const again = await listen(createApp(), '127.0.0.1', first.port);
    closeListenSocket(again.socket);
  });
});
