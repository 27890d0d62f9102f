import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * Apache ECharts through `echarts/core` with only what the home page draws (bars and lines on a
 * grid, a legend and a tooltip, the SVG renderer), as the portal's analysis page does. Loaded
 * with a dynamic import: a chunk of its own that only the home page asks for.
 */
register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { init };
