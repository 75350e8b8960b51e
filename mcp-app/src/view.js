// The page from a report: the totals, the daily chart with its numbers, the top breakdowns, the
// rules and the A/B variants with their conversions, and the A/B leader. Real text throughout;
// tables carry captions and header cells, the chart is a figure with a caption.

import { dailyChart } from "./chart.js";
import { longDay, number, plural, probability, rate } from "./format.js";
import { isEmpty } from "./report.js";

/** An element with attributes (`class`, `id`, any other) and children (nodes or text). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function stat(id, label, value) {
  return h("div", { class: "stat" }, h("dt", {}, label), h("dd", { id }, number(value)));
}

function totals(report) {
  const t = report.totals;
  return h(
    "dl",
    { class: "stats", "aria-label": "Totals" },
    stat("stat-clicks", "Clicks in range", t.periodTotal),
    report.kind === "link" ? stat("stat-total", "Clicks, all time", t.total) : null,
    stat("stat-unique", "Unique visitors", t.unique),
    stat("stat-conversions", "Conversions", t.conversions),
  );
}

function range(report) {
  const days = report.days;
  if (days.length === 0) return "";
  return days.length === 1 ? longDay(days[0].day) : `${longDay(days[0].day)} – ${longDay(days.at(-1).day)}`;
}

function daily(report) {
  const plot = h("div", { class: "plot" });
  const figure = h(
    "figure",
    { id: "daily", "aria-labelledby": "daily-caption" },
    h("figcaption", { id: "daily-caption" }, "Clicks and conversions per day"),
    plot,
    h(
      "ul",
      { class: "legend", "aria-hidden": "true" },
      h("li", { class: "key-clicks" }, "Clicks"),
      h("li", { class: "key-conversions" }, "Conversions"),
    ),
  );
  const rows = report.days
    .filter((d) => d.clicks > 0 || d.conversions > 0)
    .map((d) => h("tr", {}, h("th", { scope: "row" }, longDay(d.day)), h("td", {}, number(d.clicks)), h("td", {}, number(d.conversions))));
  const numbers = h(
    "details",
    { class: "numbers" },
    h("summary", {}, "The numbers by day"),
    h(
      "table",
      { id: "daily-table" },
      h("caption", {}, "Days with clicks or conversions"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Day"), h("th", { scope: "col" }, "Clicks"), h("th", { scope: "col" }, "Conversions"))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 3 }, "None in this range."))),
    ),
  );
  // Drawn at the width the figure gets, and again whenever that changes.
  let drawnAt = 0;
  const draw = () => {
    const width = Math.round(plot.clientWidth);
    if (width === 0 || width === drawnAt) return;
    drawnAt = width;
    plot.replaceChildren(dailyChart(report.days, width));
  };
  new ResizeObserver(draw).observe(plot);
  return h("section", { "aria-labelledby": "daily-caption" }, figure, numbers);
}

function breakdown(b) {
  const max = Math.max(1, ...b.rows.map((r) => r.value));
  const id = `top-${b.key}`;
  return h(
    "table",
    { class: "top", id },
    h("caption", {}, b.title),
    h("thead", { class: "visually-hidden" }, h("tr", {}, h("th", { scope: "col" }, "Name"), h("th", { scope: "col" }, "Clicks"))),
    h(
      "tbody",
      {},
      b.rows.length
        ? b.rows.map((r) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, h("span", { class: "name" }, r.title), h("span", { class: "bar", style: `--share:${(r.value / max).toFixed(3)}`, "aria-hidden": "true" })),
              h("td", {}, number(r.value)),
            ),
          )
        : h("tr", {}, h("td", { colspan: 2, class: "none" }, "None yet.")),
    ),
  );
}

function breakdowns(report) {
  return h(
    "section",
    { "aria-labelledby": "top-heading" },
    h("h2", { id: "top-heading" }, "Top breakdowns"),
    h("div", { class: "grid" }, report.breakdowns.map(breakdown)),
  );
}

function routeTable(id, caption, what, routes, withProbability) {
  const head = ["Clicks", "Conversions", "Rate"].concat(withProbability ? ["Chance of being best"] : []);
  return h(
    "div",
    { class: "scroll", tabindex: 0, role: "region", "aria-label": caption },
    h(
      "table",
      { id, class: "routes" },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, what), head.map((t) => h("th", { scope: "col" }, t)))),
      h(
        "tbody",
        {},
        routes.map((r) =>
          h(
            "tr",
            { "data-id": r.id },
            h("th", { scope: "row" }, r.name),
            h("td", {}, number(r.clicks)),
            h("td", {}, number(r.conversions)),
            h("td", {}, rate(r.rate)),
            withProbability ? h("td", {}, r.probability === null ? "—" : probability(r.probability)) : null,
          ),
        ),
      ),
    ),
  );
}

function leader(report) {
  const best = report.abTest?.leader;
  if (!best) {
    const why = report.variants.some((v) => v.conversions > 0)
      ? "No leader: two variants are exactly as likely to convert best."
      : "No leader yet: no variant has a conversion.";
    return h("p", { id: "ab-leader", class: "leader none" }, why);
  }
  return h(
    "p",
    { id: "ab-leader", class: "leader" },
    h("strong", {}, "Leader: "),
    h("span", { class: "leader-name" }, best.name),
    ` is ${best.probability === null ? "the most" : probability(best.probability)} likely to convert best (${plural(best.conversions, "conversion", "conversions")} from ${plural(best.clicks, "click", "clicks")}, ${rate(best.rate)}).`,
  );
}

function routesSection(report) {
  if (report.kind !== "link") return null;
  const parts = [h("h2", { id: "routes-heading" }, "Rules and variants")];
  if (report.rules.length) parts.push(routeTable("rules-table", "Rules", "Rule", report.rules, false));
  if (report.variants.length) {
    parts.push(h("h3", { id: "ab-heading" }, "A/B test"), leader(report));
    parts.push(routeTable("variants-table", "A/B variants", "Variant", report.variants, report.abTest !== null));
  }
  return h("section", { "aria-labelledby": "routes-heading" }, parts);
}

/** The whole view for a report. */
export function reportView(report) {
  const title = report.kind === "link" ? "Link analytics" : "Workspace analytics";
  const children = [h("header", {}, h("h1", {}, title), h("p", { class: "range" }, range(report))), totals(report)];
  if (isEmpty(report)) {
    children.push(
      h(
        "p",
        { class: "empty", id: "empty" },
        report.kind === "link"
          ? "No clicks yet in this range. Share the short link: visits appear here within a minute."
          : "No clicks on any link of the workspace in this range yet. Visits appear here within a minute.",
      ),
    );
  } else {
    children.push(daily(report), breakdowns(report));
  }
  children.push(routesSection(report));
  return children;
}

/** A short sentence in place of the report (waiting, an error, a cancelled call). */
export function messageView(text) {
  return [h("h1", {}, "Analytics"), h("p", { class: "message", id: "message" }, text)];
}
