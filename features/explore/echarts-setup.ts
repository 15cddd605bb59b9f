/**
 * The parts of Apache ECharts the chart view uses, from our own bundle (never a CDN): bar, line and
 * scatter, axes, tooltip, legend and ARIA descriptions, drawn as SVG. Loaded with import() when a
 * chart is first shown, so the worksheet's own bundle does not carry it.
 */
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, ScatterChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export const init = (el: HTMLElement) => echarts.init(el, null, { renderer: 'svg' });
export type Chart = ReturnType<typeof init>;
