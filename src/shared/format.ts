/** The only place money, dates, ages and ids are formatted for people (CLI tables, TUI, storefront). */

const moneyFormats = new Map<string, Intl.NumberFormat>();
const digitsByCurrency = new Map<string, number>();

/** Decimal places of a currency's minor unit (EUR 2, JPY 0, KWD 3); 2 when the currency is unknown. */
export function minorDigits(currency: string | null | undefined): number {
  const c = (currency ?? "").toUpperCase();
  let d = digitsByCurrency.get(c);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat("en", { style: "currency", currency: c }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsByCurrency.set(c, d);
  }
  return d;
}

/**
 * An amount in whole minor units (cents), rounded half away from zero. The product is cleaned to 12
 * significant digits first, so 1.005 × 100 (100.49999…) rounds to 101 as a person would.
 */
export function toMinor(amount: number, digits: number): number {
  const scaled = Number((amount * 10 ** digits).toPrecision(12));
  return Math.sign(scaled) * Math.round(Math.abs(scaled)) || 0;
}

/** Medusa's exact amount rounded to the currency's minor unit, as a number (for tables and CSV cells). */
export function roundMoney(amount: number | string, currency: string | null | undefined): number {
  const n = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(n)) return n;
  const d = minorDigits(currency);
  return toMinor(n, d) / 10 ** d;
}

/** Medusa amounts are decimal major units (19.99 = €19.99); totals are not rounded, so we round here. */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined, locale = "en-US"): string {
  if (amount === null || amount === undefined || amount === "") return "";
  const n = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(n)) return String(amount);
  if (!currency) return (toMinor(n, 2) / 100).toFixed(2);
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
    } catch {
      return `${(toMinor(n, 2) / 100).toFixed(2)} ${currency.toUpperCase()}`;
    }
    moneyFormats.set(key, f);
  }
  // Rounded here as everywhere else (half away from zero on the decimal a person reads), not on the binary double.
  const d = minorDigits(currency);
  return f.format(toMinor(n, d) / 10 ** d);
}

/** "2026-11-22 14:03" in UTC: sortable, unambiguous, the same on every machine. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toISOString().slice(0, 16).replace("T", " ");
}

/** "12s ago", "5m ago", "3h ago", "2d ago". */
export function formatAge(value: string | Date | number, now: number = Date.now()): string {
  const t = value instanceof Date ? value.getTime() : typeof value === "number" ? value : new Date(value).getTime();
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}

/** A duration for progress lines: "42s", "3m05s", "1h02m". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** A size in bytes for people: "512 B", "1.5 KiB", "23.4 MiB", "1.2 GiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/** Order references as people say them: "#123". */
export function formatDisplayId(displayId: number | string | null | undefined): string {
  return displayId === null || displayId === undefined ? "" : `#${displayId}`;
}

/** Ids are shown whole: Medusa's ULIDs differ only in their tail, so shortening them would mislead. */
export function formatId(id: string | null | undefined): string {
  return id ?? "";
}

/** Shows the last four characters of a secret: "sk_…a1b2". */
export function maskSecret(secret: string): string {
  const prefix = /^(sk|pk)_/.exec(secret)?.[0] ?? "";
  return `${prefix}…${secret.slice(-4)}`;
}

const MONEY_FIELDS = /(^|_)(total|subtotal|amount|price|due)$/;
const DATE_FIELDS = /_at$/;

/** Whether a field holds an amount of money (`total`, `unit_price`, `amount`, …). */
export function isMoneyField(field: string): boolean {
  return MONEY_FIELDS.test(field);
}

/**
 * A money cell for a spreadsheet: Medusa's exact amount (46.38977) rounded to the currency's minor
 * unit as a plain number a spreadsheet can add up ("46.39"; "1235" in yen), or undefined when the
 * value is not an amount.
 */
export function moneyNumberText(value: unknown, currency: unknown): string | undefined {
  if (typeof value !== "number" && !(typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return undefined;
  const d = minorDigits(typeof currency === "string" ? currency : undefined);
  return (toMinor(n, d) / 10 ** d).toFixed(d);
}

/** One cell of a people-facing table: dates and money formatted, nested values as compact JSON. */
export function formatCell(field: string, value: unknown, record: Record<string, unknown>): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && DATE_FIELDS.test(field)) return formatDate(value);
  if ((typeof value === "number" || typeof value === "string") && MONEY_FIELDS.test(field)) {
    // Without a currency on the record the amount is still rounded, never Medusa's raw float.
    if (typeof record.currency_code === "string") return formatMoney(value, record.currency_code);
    const text = moneyNumberText(value, undefined);
    if (text !== undefined) return text;
  }
  if (field === "display_id") return formatDisplayId(value as number);
  if (Array.isArray(value)) {
    if (value.every((v) => v && typeof v === "object")) return String(value.length);
    return value.join(",");
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Significant decimal digits a double holds exactly, whatever they are (DBL_DIG). */
export const EXACT_DIGITS = 15;

/** Decimals allowed when the currency is not known where an amount is read (a flag): the most any ISO 4217 currency has (BHD, KWD, OMR…). */
export const UNKNOWN_CURRENCY_DECIMALS = 3;

/**
 * Counts what a plain decimal string ("-12.50") needs: significant digits (leading zeros and the
 * fraction's trailing zeros do not count) and decimals (the fraction's trailing zeros do not count).
 * Undefined when `text` is not a plain decimal (no exponent, hex, separators).
 */
export function decimalShape(text: string): { significant: number; decimals: number } | undefined {
  const m = /^-?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === "" && !m[2]) || text.endsWith(".")) return undefined;
  const int = m[1]!.replace(/^0+/, "");
  const frac = (m[2] ?? "").replace(/0+$/, "");
  const digits = (int + frac).replace(/^0+/, "");
  return { significant: digits.length, decimals: frac.length };
}

/**
 * A money amount in major units (19.99) as a number, exactly, or why not (docs/SECURITY.md,
 * "amounts are exact or refused"): more significant digits than a double holds (15), or more
 * decimals than the currency's minor unit (`minorDigits`; UNKNOWN_CURRENCY_DECIMALS when no
 * currency is given), would be stored as another amount, so they are refused, never rounded.
 */
export function exactAmount(text: string, currency?: string | null): { value: number } | { error: string } {
  const t = text.trim();
  const shape = decimalShape(t);
  if (!shape) return { error: `"${text}" is not an amount (write decimals in major units, e.g. 19.99)` };
  if (shape.significant > EXACT_DIGITS) return { error: `"${text}" has ${shape.significant} significant digits; at most ${EXACT_DIGITS} can be stored exactly` };
  const max = currency ? minorDigits(currency) : UNKNOWN_CURRENCY_DECIMALS;
  if (shape.decimals > max) {
    return { error: `"${text}" has ${shape.decimals} decimals; ${currency ? `${currency.toUpperCase()} has ${max}` : `an amount has at most ${max}`}` };
  }
  return { value: Number(t) };
}
