// The daily chart: clicks as bars, conversions as a line with dots, on one scale, drawn as SVG
// at the width the view has (redrawn when it changes, so the labels keep their size at 375 px).
// The SVG is one image with a text alternative; the numbers themselves are in the table beside.

import { number, longDay, plural, shortDay } from "./format.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A round ceiling for the scale: 1, 2, 5, 10, 20, 50, … */
export function niceMax(n) {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

/** What the chart shows, in words (its accessible name). */
export function summary(days) {
  if (days.length === 0) return "Daily chart: no days in the range.";
  const clicks = days.reduce((s, d) => s + d.clicks, 0);
  const conversions = days.reduce((s, d) => s + d.conversions, 0);
  const busiest = days.reduce((a, d) => (d.clicks > a.clicks ? d : a), days[0]);
  const range = days.length === 1 ? longDay(days[0].day) : `${longDay(days[0].day)} to ${longDay(days.at(-1).day)}`;
  const peak = busiest.clicks > 0 ? `, most on ${longDay(busiest.day)} (${number(busiest.clicks)})` : "";
  return `Clicks and conversions per day, ${range}: ${plural(clicks, "click", "clicks")} in total${peak}; ${plural(conversions, "conversion", "conversions")} in total.`;
}

/** The chart for `days` at `width` pixels. */
export function dailyChart(days, width) {
  const w = Math.max(280, Math.floor(width));
  const svg = el("svg", {
    class: "chart",
    width: w,
    height: HEIGHT,
    viewBox: `0 0 ${w} ${HEIGHT}`,
    role: "img",
    "aria-label": summary(days),
  });
  const plotW = w - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...days.map((d) => Math.max(d.clicks, d.conversions))));
  const y = (v) => PAD.top + plotH - (v / max) * plotH;
  const slot = plotW / Math.max(1, days.length);
  const x = (i) => PAD.left + slot * i + slot / 2;

  const grid = el("g", { class: "grid", "aria-hidden": "true" });
  for (const v of [0, max / 2, max]) {
    grid.append(el("line", { x1: PAD.left, x2: w - PAD.right, y1: y(v), y2: y(v) }));
    const label = Number.isInteger(v) ? number(v) : "";
    grid.append(el("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, label));
  }
  svg.append(grid);

  const bars = el("g", { class: "clicks" });
  const barW = Math.max(1, Math.min(24, slot * 0.7));
  days.forEach((d, i) => {
    if (d.clicks === 0) return;
    const bar = el("rect", { x: x(i) - barW / 2, y: y(d.clicks), width: barW, height: y(0) - y(d.clicks) });
    bar.append(el("title", {}, `${longDay(d.day)}: ${plural(d.clicks, "click", "clicks")}`));
    bars.append(bar);
  });
  svg.append(bars);

  if (days.some((d) => d.conversions > 0)) {
    const line = el("g", { class: "conversions" });
    const points = days.map((d, i) => `${x(i).toFixed(1)},${y(d.conversions).toFixed(1)}`).join(" ");
    line.append(el("polyline", { points, fill: "none" }));
    days.forEach((d, i) => {
      if (d.conversions === 0) return;
      const dot = el("circle", { cx: x(i), cy: y(d.conversions), r: 3.5 });
      dot.append(el("title", {}, `${longDay(d.day)}: ${plural(d.conversions, "conversion", "conversions")}`));
      line.append(dot);
    });
    svg.append(line);
  }

  const axis = el("g", { class: "axis", "aria-hidden": "true" });
  const labelled = days.length <= 1 ? [0] : days.length === 2 ? [0, 1] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  for (const i of labelled.filter((i) => i < days.length)) {
    const anchor = labelled.length > 1 && i === 0 ? "start" : i === days.length - 1 && labelled.length > 1 ? "end" : "middle";
    const at = anchor === "start" ? PAD.left : anchor === "end" ? w - PAD.right : x(i);
    axis.append(el("text", { x: at, y: HEIGHT - 8, "text-anchor": anchor }, shortDay(days[i].day)));
  }
  svg.append(axis);
  return svg;
}
