import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * Apache ECharts through `echarts/core` with only what the analysis page draws: bars, a line,
 * a doughnut, the grid with its axes, and the SVG renderer (crisp at any zoom, and each bar an
 * element). Loaded with a dynamic import, so its code is a chunk of its own that only the
 * analysis page asks for.
 */
register([BarChart, LineChart, PieChart, GridComponent, SVGRenderer]);

export { init };
