// The thread that draws the chart images while Docusaurus builds (emit-static.mjs,
// drawChartsWhileBuilding). It runs at the lowest priority, so that it takes only the
// CPU the build leaves idle and never slows the build itself.
import {setPriority} from 'node:os';
import {parentPort, workerData} from 'node:worker_threads';
import {drawHandOffs} from './emit-static.mjs';

try {
  // On Linux this lowers this thread only.
  setPriority(19);
} catch {
  // A system that refuses: the images are drawn at the build's priority.
}
let building = true;
parentPort.once('message', () => {
  building = false;
});
const {generatedFilesDir, cacheDir} = workerData;
parentPort.postMessage(await drawHandOffs(generatedFilesDir, {cacheDir, building: () => building}));
parentPort.close();
