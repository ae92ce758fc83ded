// Chart.js with only what the pages' charts use (bars, lines, two scales,
// tooltips): the rest of Chart.js stays out of the page's JavaScript. The
// legend and title are HTML on the page; the static images add them in Node.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export {Chart};
