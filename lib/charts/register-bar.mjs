// Chart.js for bar charts only (a page without line charts loads no line code).
import {BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export {Chart};
