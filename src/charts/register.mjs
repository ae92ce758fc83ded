// Chart.js with only what our charts use (bars, lines, two scales, legend,
// tooltip, title): the rest of Chart.js stays out of the page's JavaScript.
import {BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Title, Tooltip} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip, Title);

export {Chart};
