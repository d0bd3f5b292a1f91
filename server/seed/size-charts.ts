// Size charts of the demo data (issue 45): only garments and shoes have one, each chart made for
// what the leaf sells (a top's chest and length, trousers' waist, hips and inseam, a sock's shoe
// size, a baby's height and weight), its rows keyed by exactly the products' SKU sizes (so the
// size a reviewer bought is a row of the chart). Lipsticks, bags, food, electronics: none.
// Measures are those of common Chinese retail charts for the sizes (GB/T 1335 body sizes for
// adult clothing, the usual EU/US shoe conversions), fixed, so every seed size gives the same.
import type { Line } from './vocab';

interface ChartDef {
  name: string;
  columns: string[];
  /** Measures by SKU size; a size without a row is left out of the chart. */
  rows: Record<string, string[]>;
}

const TOPS: ChartDef = {
  name: '上装尺码表',
  columns: ['尺码', '胸围', '肩宽', '衣长', '袖长'],
  rows: {
    XS: ['80-84', '37', '60', '58'],
    S: ['84-88', '38.5', '62', '59'],
    M: ['88-92', '40', '64', '60'],
    L: ['92-98', '41.5', '66', '61'],
    XL: ['98-104', '43', '68', '62'],
  },
};
const DRESSES: ChartDef = {
  name: '裙装尺码表',
  columns: ['尺码', '胸围', '腰围', '裙长'],
  rows: {
    XS: ['80-84', '62-66', '98'],
    S: ['84-88', '66-70', '100'],
    M: ['88-92', '70-74', '102'],
    L: ['92-98', '74-80', '104'],
    XL: ['98-104', '80-86', '106'],
  },
};
const BOTTOMS: ChartDef = {
  name: '裤装尺码表',
  columns: ['尺码', '腰围', '臀围', '裤长'],
  rows: {
    XS: ['62-66', '84-88', '98'],
    S: ['66-70', '88-92', '100'],
    M: ['70-74', '92-96', '102'],
    L: ['74-80', '96-102', '104'],
    XL: ['80-86', '102-108', '106'],
  },
};
const BODY: ChartDef = {
  name: '贴身衣物尺码表',
  columns: ['尺码', '胸围', '腰围', '臀围'],
  rows: {
    XS: ['76-80', '58-62', '82-86'],
    S: ['80-84', '62-66', '86-90'],
    M: ['84-88', '66-70', '90-94'],
    L: ['88-94', '70-76', '94-100'],
    XL: ['94-100', '76-82', '100-106'],
  },
};
const HOSIERY: ChartDef = {
  name: '袜子尺码表',
  columns: ['尺码', '适合欧码', '脚长'],
  rows: {
    XS: ['33-35', '21-22'],
    S: ['35-37', '22-23.5'],
    M: ['37-40', '23.5-25'],
    L: ['40-43', '25-27'],
    XL: ['43-46', '27-29'],
  },
};
const SHOES: ChartDef = {
  name: '鞋码对照表',
  columns: ['美码', '欧码', '英码', '脚长'],
  rows: {
    'US 6': ['38.5', 'UK 5.5', '24.0'],
    'US 7': ['40', 'UK 6', '25.0'],
    'US 7.5': ['40.5', 'UK 6.5', '25.5'],
    'US 8': ['41', 'UK 7', '26.0'],
    'US 9': ['42.5', 'UK 8', '27.0'],
    'US 10': ['44', 'UK 9', '28.0'],
    'US 11': ['45', 'UK 10', '29.0'],
  },
};
const KIDS_SHOES: ChartDef = {
  name: '童鞋尺码表',
  columns: ['尺码', '脚长', '参考年龄'],
  rows: {
    'CN 22': ['13.5', '2岁'],
    'CN 24': ['14.5', '3岁'],
    'CN 26': ['16.0', '4岁'],
    'CN 28': ['17.0', '5岁'],
    'CN 30': ['18.5', '6-7岁'],
  },
};
const KIDSWEAR: ChartDef = {
  name: '童装尺码表',
  columns: ['尺码', '身高', '胸围', '参考年龄'],
  rows: {
    '90cm': ['85-95', '52', '2岁'],
    '100cm': ['95-105', '54', '3-4岁'],
    '110cm': ['105-115', '56', '4-5岁'],
    '120cm': ['115-125', '60', '6-7岁'],
    '130cm': ['125-135', '64', '8-9岁'],
  },
};
const BABYWEAR: ChartDef = {
  name: '婴儿服尺码表',
  columns: ['尺码', '身高', '体重(kg)'],
  rows: {
    '0-3个月': ['52-62', '3-6'],
    '3-6个月': ['62-68', '6-8'],
    '6-12个月': ['68-76', '8-10'],
    '12-18个月': ['76-82', '10-11.5'],
  },
};

/** The chart of each product line that sells garments or shoes (server/seed/lines*.ts). */
const CHART_OF: Record<string, ChartDef> = {
  coats: TOPS,
  down: TOPS,
  leather: TOPS,
  outdoor: TOPS,
  tops: TOPS,
  tailoring: TOPS,
  activewear: TOPS,
  maternitywear: TOPS,
  dresses: DRESSES,
  bottoms: BOTTOMS,
  lingerie: BODY,
  underwear: BODY,
  swim: BODY,
  hosiery: HOSIERY,
  sneakers: SHOES,
  running: SHOES,
  basketball: SHOES,
  dressshoes: SHOES,
  heels: SHOES,
  flats: SHOES,
  boots: SHOES,
  sandals: SHOES,
  hiking: SHOES,
  kidsshoes: KIDS_SHOES,
  kidswear: KIDSWEAR,
  babywear: BABYWEAR,
};

/** Lines that sell garments or shoes (each has a chart). */
export const LINES_WITH_CHART: ReadonlySet<string> = new Set(Object.keys(CHART_OF));

/**
 * The stored size chart of a product of line `lineId` whose SKUs come in `sizes` (the
 * products.size_chart column: a list of charts, the API answers the first), or null: no chart.
 */
export function sizeChartOf(lineId: string, line: Pick<Line, 'kind'>, sizes: readonly string[] | null): unknown {
  const def = CHART_OF[lineId];
  if (!def || !sizes?.length || (line.kind !== 'apparel' && line.kind !== 'shoes' && line.kind !== 'baby')) return null;
  const rows = sizes.filter((s) => def.rows[s]).map((s) => [s, ...def.rows[s]]);
  if (!rows.length) return null;
  return [{ name: def.name, unit: 'cm', columns: def.columns, rows }];
}
