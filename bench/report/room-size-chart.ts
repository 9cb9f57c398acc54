import type { RoomSizeResult } from '../realtime/room-size-bench';
import { escapeXml } from './latency-chart';

/**
 * Server CPU per delivery against room size as a standalone SVG: the product and the raw `ws`
 * reference on a log axis, each point labelled with the product/raw ratio.
 */
export function roomSizeChartSvg(result: RoomSizeResult): string {
  const width = 720;
  const height = 420;
  const margin = { left: 80, right: 170, top: 50, bottom: 60 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const points = result.points;
  const values = points
    .flatMap((p) => [p.product.cpuMicrosPerDelivery, p.raw.cpuMicrosPerDelivery])
    .filter((v) => v > 0);
  const logMin = Math.floor(Math.log10(Math.max(0.1, Math.min(1, ...values))));
  const logMax = Math.ceil(Math.log10(Math.max(10, ...values)));
  const x = (index: number) => margin.left + (points.length === 1 ? plotW / 2 : (index / (points.length - 1)) * plotW);
  const y = (value: number) =>
    margin.top + plotH - ((Math.log10(Math.max(value, 10 ** logMin)) - logMin) / (logMax - logMin)) * plotH;
  const title = `Server CPU per delivery by room size: ${result.connections} sockets, ${result.deliveriesPerSecond} deliveries/s`;

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${margin.left}" y="24" font-size="15" font-weight="600" fill="#111">${escapeXml(title)}</text>`,
  ];
  for (let exp = logMin; exp <= logMax; exp += 1) {
    const value = 10 ** exp;
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(value)}" y2="${y(value)}" stroke="#e5e7eb"/>`,
      `<text x="${margin.left - 8}" y="${y(value) + 4}" text-anchor="end" fill="#444">${value >= 1 ? value : value.toFixed(1)} µs</text>`,
    );
  }
  points.forEach((point, index) => {
    parts.push(
      `<line x1="${x(index)}" x2="${x(index)}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#f3f4f6"/>`,
      `<text x="${x(index)}" y="${margin.top + plotH + 18}" text-anchor="middle" fill="#444">${point.membersPerRoom} (${point.rooms} rooms)</text>`,
      `<text x="${x(index)}" y="${y(point.product.cpuMicrosPerDelivery) - 10}" text-anchor="middle" fill="#1e3a8a">${point.cpuRatio}×</text>`,
    );
  });
  parts.push(
    `<text x="${margin.left + plotW / 2}" y="${height - 16}" text-anchor="middle" fill="#222">member sockets per room</text>`,
    `<text transform="translate(16 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#222">server CPU per delivery (log)</text>`,
  );
  const series = [
    { label: 'product', color: '#2563eb', values: points.map((p) => p.product.cpuMicrosPerDelivery) },
    { label: 'raw ws', color: '#16a34a', values: points.map((p) => p.raw.cpuMicrosPerDelivery) },
  ];
  series.forEach((line, row) => {
    const polyline = line.values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
    parts.push(
      `<polyline points="${polyline}" fill="none" stroke="${line.color}" stroke-width="2"/>`,
      ...line.values.map(
        (value, index) =>
          `<circle cx="${x(index).toFixed(1)}" cy="${y(value).toFixed(1)}" r="3" fill="${line.color}"/>`,
      ),
    );
    const ly = margin.top + 40 + row * 20;
    parts.push(
      `<line x1="${margin.left + plotW + 10}" x2="${margin.left + plotW + 34}" y1="${ly}" y2="${ly}" stroke="${line.color}" stroke-width="2"/>`,
      `<text x="${margin.left + plotW + 40}" y="${ly + 4}" fill="#222">${line.label}</text>`,
    );
  });
  parts.push(`</svg>`);
  return `${parts.join('\n')}\n`;
}
