import type { FanoutResult } from '../realtime/fanout-bench';

/**
 * Latency against load as a standalone SVG: p50 and p99 per offered rate, product vs the raw
 * reference, on a log latency axis, with the 50 ms knee target drawn across.
 */
export function latencyChartSvg(result: FanoutResult, title: string): string {
  const width = 720;
  const height = 420;
  const margin = { left: 70, right: 180, top: 50, bottom: 60 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const xs = result.steps.map((step) => step.rate);
  const allLatencies = result.steps.flatMap((s) => [
    s.product.latencyMs.p50,
    s.product.latencyMs.p99,
    s.raw.latencyMs.p50,
    s.raw.latencyMs.p99,
  ]);
  const minY = Math.max(0.1, Math.min(...allLatencies.filter((v) => v > 0), 1));
  const maxY = Math.max(100, ...allLatencies);
  const logMin = Math.floor(Math.log10(minY));
  const logMax = Math.ceil(Math.log10(maxY));
  const x = (index: number) => margin.left + (xs.length === 1 ? plotW / 2 : (index / (xs.length - 1)) * plotW);
  const y = (value: number) =>
    margin.top + plotH - ((Math.log10(Math.max(value, 10 ** logMin)) - logMin) / (logMax - logMin)) * plotH;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${margin.left}" y="24" font-size="15" font-weight="600" fill="#111">${escapeXml(title)}</text>`,
  );
  for (let exp = logMin; exp <= logMax; exp += 1) {
    const value = 10 ** exp;
    const yy = y(value);
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${yy}" y2="${yy}" stroke="#e5e7eb"/>`,
      `<text x="${margin.left - 8}" y="${yy + 4}" text-anchor="end" fill="#444">${value >= 1 ? value : value.toFixed(1)} ms</text>`,
    );
  }
  xs.forEach((rate, index) => {
    parts.push(
      `<line x1="${x(index)}" x2="${x(index)}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#f3f4f6"/>`,
      `<text x="${x(index)}" y="${margin.top + plotH + 18}" text-anchor="middle" fill="#444">${rate}</text>`,
    );
  });
  parts.push(
    `<text x="${margin.left + plotW / 2}" y="${height - 16}" text-anchor="middle" fill="#222">offered load (messages/s; each delivered to ${result.shape.membersPerRoom} sockets)</text>`,
    `<text transform="translate(16 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#222">end-to-end latency (log)</text>`,
  );
  const target = y(50);
  parts.push(
    `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${target}" y2="${target}" stroke="#dc2626" stroke-dasharray="6 4"/>`,
    `<text x="${margin.left + plotW + 6}" y="${target + 4}" fill="#dc2626">p99 target 50 ms</text>`,
  );
  const series: Array<{ label: string; color: string; dash: string; values: number[] }> = [
    { label: 'product p99', color: '#2563eb', dash: '', values: result.steps.map((s) => s.product.latencyMs.p99) },
    { label: 'product p50', color: '#2563eb', dash: '4 3', values: result.steps.map((s) => s.product.latencyMs.p50) },
    { label: 'raw ws p99', color: '#16a34a', dash: '', values: result.steps.map((s) => s.raw.latencyMs.p99) },
    { label: 'raw ws p50', color: '#16a34a', dash: '4 3', values: result.steps.map((s) => s.raw.latencyMs.p50) },
  ];
  series.forEach((line, row) => {
    const points = line.values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
    parts.push(
      `<polyline points="${points}" fill="none" stroke="${line.color}" stroke-width="2" ${line.dash ? `stroke-dasharray="${line.dash}"` : ''}/>`,
      ...line.values.map(
        (value, index) =>
          `<circle cx="${x(index).toFixed(1)}" cy="${y(value).toFixed(1)}" r="3" fill="${line.color}"/>`,
      ),
    );
    const ly = margin.top + 40 + row * 20;
    parts.push(
      `<line x1="${margin.left + plotW + 10}" x2="${margin.left + plotW + 34}" y1="${ly}" y2="${ly}" stroke="${line.color}" stroke-width="2" ${line.dash ? `stroke-dasharray="${line.dash}"` : ''}/>`,
      `<text x="${margin.left + plotW + 40}" y="${ly + 4}" fill="#222">${line.label}</text>`,
    );
  });
  parts.push(`</svg>`);
  return `${parts.join('\n')}\n`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
