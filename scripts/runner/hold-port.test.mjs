// A paused server's port is held, so that no other server is given it meanwhile (embedded-server.mjs).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import {freePort, holdPort} from './embedded-server.mjs';

/** Whether a listener can take `port` on 127.0.0.1 now (it is let go at once). */
const canListen = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

test('a held port cannot be taken until it is released; a port already taken is not held', async () => {
  const port = await freePort();
  const release = await holdPort(port);
  assert.equal(typeof release, 'function');
  assert.equal(await canListen(port), false, 'held');
  assert.equal(await holdPort(port), null, 'a second hold of a taken port');
  await release();
  assert.equal(await canListen(port), true, 'released');
});
