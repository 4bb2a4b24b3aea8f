// Translations for the page (client/i18n.py's twin): the same catalogues as the window,
// served by the host as /i18n/<code>.json ({msgid: msgstr}; English is the key, so
// English needs no file). Strings are marked `_("…")` and `ngettext(s, p, n)` exactly as
// in Python, so tools/i18n_catalogues.py extracts the page's strings with the window's
// and one translation serves both. Fields are Python's: `{name}`, filled by `fmt`.

/** The six languages, as client.i18n.LANGUAGES (their own names). */
export const LANGUAGES = {
  en: "English",
  es: "Español",
  gl: "Galego",
  pt: "Português",
  hu: "Magyar",
  fr: "Français",
};

/**
 * Plural form index for `n`, per language: the catalogues' own Plural-Forms headers
 * (assets/locale/<code>/LC_MESSAGES/tapete.po), written out (the page runs no eval).
 */
const PLURAL = {
  en: (n) => (n !== 1 ? 1 : 0),
  es: (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
  fr: (n) => (n === 0 || n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
  pt: (n) => (n === 0 || n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
  gl: (n) => (n !== 1 ? 1 : 0),
  hu: (n) => (n !== 1 ? 1 : 0),
};

const STORE = "tapete:lang";

let current = "en";
/** msgid → msgstr (singular) or msgstr forms (plural, keyed by the singular msgid). */
let catalogue = new Map();

/** The language in force ("en", "es", …). */
export function language() {
  return current;
}

/**
 * The language to start with: the one chosen before (localStorage), else the
 * browser's first language we have, else English.
 */
export function preferred() {
  try {
    const kept = localStorage.getItem(STORE);
    if (kept && kept in LANGUAGES) return kept;
  } catch (e) {
    /* storage off: fall through */
  }
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/**
 * Read a catalogue object as served: `{msgid: msgstr}`; a plural entry either as
 * `{singular: [form0, form1, …]}`, or keyed `"singular\u0000plural"` with its forms
 * joined by `"\u0000"` (the .mo file's own shape). The header (key "") is skipped.
 */
export function readCatalogue(data) {
  const out = new Map();
  for (const [key, value] of Object.entries(data || {})) {
    if (!key) continue;
    const id = key.split("\u0000")[0];
    if (Array.isArray(value)) out.set(id, value.map(String));
    else if (typeof value === "string" && (value.includes("\u0000") || key.includes("\u0000"))) {
      out.set(id, value.split("\u0000"));
    } else if (typeof value === "string") out.set(id, value);
  }
  return out;
}

/**
 * Switch to language `code` (fetches /i18n/<code>.json; English needs none) and keep
 * the choice. Falls back to English when the host has no catalogue.
 * @returns {Promise<string>} the language in force
 */
export async function setLanguage(code) {
  if (!(code in LANGUAGES)) code = "en";
  let table = new Map();
  if (code !== "en") {
    try {
      const resp = await fetch(`/i18n/${code}.json`);
      if (!resp.ok) throw new Error(String(resp.status));
      table = readCatalogue(await resp.json());
    } catch (e) {
      code = "en";
    }
  }
  current = code;
  catalogue = table;
  document.documentElement.lang = code;
  try {
    localStorage.setItem(STORE, code);
  } catch (e) {
    /* storage off */
  }
  return code;
}

/**
 * `msgid` in the language in force (the msgid itself when untranslated).
 */
export function _(msgid) {
  const found = catalogue.get(msgid);
  if (typeof found === "string" && found) return found;
  return msgid;
}

/**
 * The form of `singular`/`plural` for `n` in the language in force (English's rule
 * when untranslated).
 */
export function ngettext(singular, plural, n) {
  const forms = catalogue.get(singular);
  if (Array.isArray(forms) && forms.length) {
    const i = (PLURAL[current] || PLURAL.en)(n);
    const text = forms[Math.min(i, forms.length - 1)];
    if (text) return text;
  }
  return n === 1 ? singular : plural;
}

/**
 * Python's `str.format` with named fields: `fmt("Row {n}", {n: 2})` → "Row 2"
 * (`{{`/`}}` are literal braces; a field not given stays as it is).
 */
export function fmt(text, fields) {
  if (!fields) return text;
  return text.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (all, name) => {
    if (all === "{{") return "{";
    if (all === "}}") return "}";
    return Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : all;
  });
}
