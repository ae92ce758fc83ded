// The thread emitResultFilesApart (emit-static.mjs) starts: writes the result files and says how many
// results it wrote, or why it could not.
import {parentPort, workerData} from 'node:worker_threads';
import {emitResultFiles} from './emit-static.mjs';

try {
  parentPort.postMessage({emitted: emitResultFiles(workerData.siteDir, workerData.into, workerData.options)});
} catch (error) {
  parentPort.postMessage({failed: error.message});
}
