// What the view reads from a tool's structured result: the link report of get_link_analytics
// or the workspace report of get_workspace_analytics (docs/http-api.md, "Analytics"), as
// plain values with every field present. Nothing here touches the page.

const BREAKDOWNS = [
  ["countries", "Countries"],
  ["cities", "Cities"],
  ["devices", "Devices"],
  ["browsers", "Browsers"],
  ["os", "Operating systems"],
  ["referrers", "Referrers"],
];

/** How many rows each breakdown shows. */
export const TOP = 5;

const count = (v) => (Number.isFinite(v) && v >= 0 ? v : 0);
const object = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});

/** The days of a `{ "YYYY-MM-DD": n }` map, oldest first. */
function series(map) {
  return Object.entries(object(map))
    .map(([day, value]) => ({ day, value: count(value) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The largest few entries of a `{ key: { title, value } }` breakdown, largest first. */
export function top(breakdown, n = TOP) {
  return Object.entries(object(breakdown))
    .map(([key, e]) => ({ key, title: String(object(e).title ?? key), value: count(object(e).value) }))
    .filter((e) => e.value > 0)
    .sort((a, b) => b.value - a.value || a.title.localeCompare(b.title))
    .slice(0, n);
}

function routes(stats, probabilities) {
  return Object.entries(object(stats)).map(([id, s]) => ({
    id,
    name: String(object(s).name ?? id),
    clicks: count(object(s).clicks),
    conversions: count(object(s).conversions),
    rate: count(object(s).conversionRate),
    probability: id in probabilities ? count(probabilities[id]) : null,
  }));
}

/**
 * The report as the view draws it, or null when `value` is not an analytics report.
 * `kind` is "link" (it has `rulesStats`) or "workspace" (it has `links`).
 */
export function readReport(value) {
  const r = object(value);
  if (!("dailyTraffic" in r) || !("totals" in r)) return null;
  const kind = "rulesStats" in r ? "link" : "workspace";
  const totals = object(r.totals);
  const clicks = series(r.dailyTraffic);
  const conversionsByDay = new Map(series(r.dailyConversions).map((d) => [d.day, d.value]));
  const days = clicks.map((d) => ({ day: d.day, clicks: d.value, conversions: conversionsByDay.get(d.day) ?? 0 }));
  const ab = r.abTestResult ? object(r.abTestResult) : null;
  const probabilities = object(ab?.probabilityBest);
  const breakdowns = BREAKDOWNS.filter(([key]) => key in r).map(([key, title]) => ({
    key,
    title,
    rows: top(r[key]),
  }));
  if (kind === "workspace") {
    breakdowns.unshift({ key: "links", title: "Links", rows: top(r.links) });
  }
  const variants = routes(r.abVariantsStats, probabilities);
  const leader = ab && typeof ab.leader === "string" ? variants.find((v) => v.id === ab.leader) ?? null : null;
  return {
    kind,
    totals: {
      total: count(totals.total),
      periodTotal: count(totals.periodTotal),
      unique: count(totals.unique),
      conversions: count(totals.conversions),
    },
    days,
    breakdowns,
    // The report keys rules by id, which says nothing of their order: busiest first.
    rules: routes(r.rulesStats, {}).sort((a, b) => b.clicks - a.clicks || a.name.localeCompare(b.name)),
    variants,
    abTest: ab ? { leader } : null,
  };
}

/** Whether the range has anything to draw. */
export function isEmpty(report) {
  return report.totals.periodTotal === 0 && report.totals.conversions === 0;
}
