// Where a result came from: the project's commit, the tool, the machine.
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import os from 'node:os';

const root = new URL('../../', import.meta.url).pathname;

/**
 * The project's commit and whether its sources have uncommitted changes; nulls
 * outside git. Result files are outputs, not sources: results/ does not count.
 */
export function gitState(cwd = root) {
  try {
    const git = (...args) =>
      execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
    return {
      gitSha: git('rev-parse', 'HEAD'),
      dirty: git('status', '--porcelain', '--', '.', ':(exclude)results') !== '',
    };
  } catch {
    return {gitSha: null, dirty: null};
  }
}

/** This tool's name and version, from package.json. */
export function toolInfo() {
  const {name, version} = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  return {name, version};
}

/** The machine this process runs on. */
export function hostInfo() {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    cpuModel: cpus[0]?.model?.trim() ?? null,
    cpuCount: cpus.length || null,
    memoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()}${readOsName()}`,
    kernel: os.release(),
  };
}

function readOsName() {
  try {
    const name = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return name ? ` (${name})` : '';
  } catch {
    return '';
  }
}

/** The storage under a directory: its device and filesystem (nulls where df cannot tell). */
export function storageOf(dir) {
  try {
    const lines = execFileSync('df', ['--output=source,fstype', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n');
    const [device, filesystem] = lines.at(-1).trim().split(/\s+/);
    return {device: device ?? null, filesystem: filesystem ?? null};
  } catch {
    return {device: null, filesystem: null};
  }
}

/** A host about which nothing is known (outputs imported from elsewhere). */
export const UNKNOWN_HOST = {hostname: null, cpuModel: null, cpuCount: null, memoryBytes: null, os: null, kernel: null};
