import {test} from 'node:test';
import assert from 'node:assert/strict';
import {machineFingerprint, serverFingerprint, shapingSettings} from './machine.mjs';

const host = {
  hostname: 'runner-1',
  cpuModel: 'AMD EPYC',
  cpuCount: 2,
  memoryBytes: 25276063744,
  os: 'Linux 6.1 (Debian GNU/Linux 12 (bookworm))',
  kernel: '6.1',
};
const target = {
  id: 'pg18',
  kind: 'embedded',
  serverVersion: '18.4',
  serverVersionFull: 'PostgreSQL 18.4 on x86_64-pc-linux-gnu',
  settings: {shared_buffers: '1GB', port: '41791', unix_socket_directories: '/tmp/bench-pg18-a/socket'},
  keySettings: {fsync: 'on', synchronous_commit: 'on'},
  storage: {device: '/dev/vda', filesystem: 'ext4'},
};

test('a machine is its CPU, memory, OS and kernel, not its host name', () => {
  const print = machineFingerprint(host);
  assert.match(print, /^[0-9a-f]{12}$/);
  assert.equal(machineFingerprint({...host, hostname: 'runner-2'}), print);
  for (const [key, value] of [
    ['cpuModel', 'Intel Xeon'],
    ['cpuCount', 4],
    ['memoryBytes', 8 * 1024 ** 3],
    ['kernel', '6.8'],
    ['os', 'Linux 6.1 (Ubuntu 24.04)'],
  ]) {
    assert.notEqual(machineFingerprint({...host, [key]: value}), print, key);
  }
  const unknown = {hostname: null, cpuModel: null, cpuCount: null, memoryBytes: null, os: null, kernel: null};
  assert.equal(machineFingerprint(unknown), null, 'an import that did not know its machine has none');
});

test("a server's fingerprint follows its build and settings, not where it listened", () => {
  const print = serverFingerprint(host, target);
  const moved = {...target, settings: {...target.settings, port: '5432', unix_socket_directories: '/run/pg'}};
  assert.equal(serverFingerprint(host, moved), print);
  assert.deepEqual(Object.keys(shapingSettings(target)), ['fsync', 'shared_buffers', 'synchronous_commit']);
  assert.notEqual(serverFingerprint(host, {...target, serverVersionFull: 'PostgreSQL 18.5 on x86_64'}), print);
  assert.notEqual(serverFingerprint(host, {...target, settings: {...target.settings, shared_buffers: '2GB'}}), print);
  assert.notEqual(serverFingerprint(host, {...target, keySettings: {fsync: 'off', synchronous_commit: 'on'}}), print);
  assert.notEqual(serverFingerprint(host, {...target, storage: {device: '/dev/vda', filesystem: 'xfs'}}), print);
  assert.notEqual(serverFingerprint({...host, cpuCount: 8}, target), print, 'the same server on another machine');
});
