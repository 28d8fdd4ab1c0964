// The soak's plot as a hand-written SVG: one panel per series over the run's time, reloads as dashed lines,
// the end of the warm-up as a grey band. No dependency: polylines and text are all it needs.
const WIDTH = 900;
const PANEL_HEIGHT = 150;
const MARGIN = { left: 70, right: 20, top: 30, bottom: 30 };

const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * `samples`: [{ s, ...values }] (s = seconds since the start); `panels`: [{ key, label, unit }];
 * `reloads`: seconds of each hot reload; `warmS`: the warm-up's end; `title`: the first line.
 */
export function soakSvg({ samples, panels, reloads, warmS, title }) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const height = MARGIN.top + panels.length * (PANEL_HEIGHT + MARGIN.bottom) + 10;
  const maxS = Math.max(1, ...samples.map((p) => p.s));
  const x = (s) => MARGIN.left + (s / maxS) * plotWidth;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${MARGIN.left}" y="18" font-size="13">${escape(title)}</text>`,
  ];
  panels.forEach((panel, index) => {
    const top = MARGIN.top + index * (PANEL_HEIGHT + MARGIN.bottom);
    const values = samples.map((p) => p[panel.key]).filter(Number.isFinite);
    const max = Math.max(1e-9, ...values) * 1.1;
    const y = (v) => top + PANEL_HEIGHT - (v / max) * PANEL_HEIGHT;
    parts.push(`<rect x="${MARGIN.left}" y="${top}" width="${x(warmS) - MARGIN.left}" height="${PANEL_HEIGHT}" fill="#eee"/>`);
    parts.push(`<rect x="${MARGIN.left}" y="${top}" width="${plotWidth}" height="${PANEL_HEIGHT}" fill="none" stroke="#888"/>`);
    for (const fraction of [0, 0.5, 1]) {
      parts.push(`<text x="${MARGIN.left - 6}" y="${y(max * fraction) + 4}" text-anchor="end">${(max * fraction).toFixed(max < 10 ? 1 : 0)}</text>`);
    }
    parts.push(`<text x="${MARGIN.left + 6}" y="${top + 14}">${escape(`${panel.label} (${panel.unit})`)}</text>`);
    for (const s of reloads) parts.push(`<line x1="${x(s)}" x2="${x(s)}" y1="${top}" y2="${top + PANEL_HEIGHT}" stroke="#c33" stroke-dasharray="4 3"/>`);
    const points = samples.filter((p) => Number.isFinite(p[panel.key])).map((p) => `${x(p.s).toFixed(1)},${y(p[panel.key]).toFixed(1)}`);
    parts.push(`<polyline fill="none" stroke="#2563eb" stroke-width="1.5" points="${points.join(" ")}"/>`);
    parts.push(`<text x="${MARGIN.left + plotWidth}" y="${top + PANEL_HEIGHT + 14}" text-anchor="end">${Math.round(maxS)} s</text>`);
    parts.push(`<text x="${MARGIN.left}" y="${top + PANEL_HEIGHT + 14}">0 s</text>`);
  });
  parts.push(`<text x="${WIDTH - MARGIN.right}" y="18" text-anchor="end" fill="#c33">dashed: hot reloads; grey: warm-up</text>`);
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
