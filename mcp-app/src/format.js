// Numbers and days as the view writes them, in English like the rest of the product.

const integer = new Intl.NumberFormat("en-US");
const month = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const full = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const number = (n) => integer.format(n);

/** A report ratio (to 4 decimals) as the percentage it is, like the web app: `25.00 %`. */
export const rate = (ratio) => `${(ratio * 100).toFixed(2)} %`;

/** A probability as a percentage to one decimal: `87.3 %`. */
export const probability = (p) => `${(p * 100).toFixed(1)} %`;

const date = (day) => new Date(`${day}T00:00:00Z`);
export const shortDay = (day) => month.format(date(day));
export const longDay = (day) => full.format(date(day));

/** `1 click`, `2 clicks`. */
export const plural = (n, one, many) => `${number(n)} ${n === 1 ? one : many}`;
