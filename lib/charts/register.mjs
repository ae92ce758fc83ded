// Chart.js with only what the pages' charts use (bars, lines, two scales,
// tooltips): the rest of Chart.js stays out. The browser loads one type's
// registration per chart (register-bar.mjs, register-line.mjs); Node, which
// draws the static images of both, takes both here. The legend and title are
// HTML on the page; the static images add them in Node.
import './register-bar.mjs';

export {Chart} from './register-line.mjs';
