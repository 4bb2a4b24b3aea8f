// Small helpers the game modules share beyond the `table` object (table.js): whether the
// page runs on a touch device, a game's own stylesheet, the window's button labels
// without their key hints, the legal actions a board drew from, and the short message a
// board puts in the prompt line.
// The DOM builder is table.js `el`, the `{field}` filler i18n.js `fmt`.

import { matches } from "./wire.js";

/**
 * Whether the page runs on a touch device (no fine pointer, no hover: no keyboard at
 * hand), decided at load. There a board words its prompts and buttons without the
 * window's key hints ("Play", not "Play (Enter)"; "tap", not "click").
 */
export const touch = typeof matchMedia === "function" &&
  matchMedia("(pointer: coarse)").matches && matchMedia("(hover: none)").matches;

/** Milliseconds a board's message (`say`) stays in the prompt line. */
export const MESSAGE_MS = 3500;

/**
 * Link `/css/<id>.css` into the page once (`<link id="css-<id>">`): a game module calls
 * it when imported, so its board's style loads before the first table is drawn.
 * @param {string} id   the stylesheet's name ("the_game")
 */
export function linkCss(id) {
  if (typeof document === "undefined" || document.getElementById("css-" + id)) return;
  const link = document.createElement("link");
  link.id = "css-" + id;
  link.rel = "stylesheet";
  link.href = "/css/" + id + ".css";
  document.head.append(link);
}

/**
 * A button label without the window's key hint: "End turn [E]" → "End turn".
 */
export function bare(text) {
  return text.replace(/\s*\[[^\]]*\]\s*$/, "");
}

/**
 * The actions of `legal` matching `fields` (wire.js `matches`), in order. Unlike
 * `table.choices` it ignores an action in flight: for what a board drew from the list it
 * was given (a tap on a drawn button looks up the action that button stood for).
 */
export function matching(legal, fields) {
  return (legal || []).filter((a) => matches(a, fields));
}

/**
 * Show `text` in the prompt line for MESSAGE_MS (kept in `table.ui.message`; `prompt`
 * returns it), then draw again without it.
 */
export function say(table, text) {
  table.ui.message = { text, until: Date.now() + MESSAGE_MS };
  table.rerender();
  setTimeout(() => table.rerender(), MESSAGE_MS + 50);
}

/**
 * A board's prompt line: the message `say` put there while it lasts, else `line()`;
 * while this seat's own action is in flight an empty line keeps the last one shown (an
 * empty line for a moment would move the board under the finger).
 */
export function prompt(table, line) {
  const m = table.ui.message;
  if (m && Date.now() < m.until) return m.text;
  const text = line();
  if (text) table.ui.lastStatus = text;
  else if (table.busy && table.ui.lastStatus) return table.ui.lastStatus;
  return text;
}

/** Each board's key handler → where and from what it was drawn last ({root, table}). */
const DRAWN = new Map();

/**
 * Give a board the page's keys: `onKey(event, table)` hears each keydown while `root`
 * (where the board was drawn last, from `table`) is on the page and `table` is game
 * `game`'s, unless a text field has the focus or an overlay (rules, emotes, the outcome)
 * is open. Call it on every render; it listens once per `onKey` for the page's life.
 * @param {string} game    the module's game id ("the-game")
 */
export function hearKeys(root, table, game, onKey) {
  let drawn = DRAWN.get(onKey);
  if (!drawn) {
    drawn = {};
    DRAWN.set(onKey, drawn);
    document.addEventListener("keydown", (event) => {
      const at = drawn.root;
      const last = drawn.table;
      if (!last || !at || !at.isConnected || last.game !== game) return;
      if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
      if (document.querySelector(".overlay:not([hidden])")) return;
      onKey(event, last);
    });
  }
  drawn.root = root;
  drawn.table = table;
}

/** Each board's key handler (`listenKeys`) → the table it drew last. */
const LATEST = new Map();

/**
 * Give a board the page's keys as guandan and sequence-numbers take them: `onKey(event,
 * table)` hears each keydown while `root` (where `table` was drawn last) is on the page,
 * unless Ctrl, Alt or Meta is held or a text field has the focus. Call it on every render.
 */
export function listenKeys(root, table, onKey) {
  table.__root = root;
  if (!LATEST.has(onKey)) {
    document.addEventListener("keydown", (ev) => {
      const last = LATEST.get(onKey);
      if (!last || !last.__root || !document.body.contains(last.__root)) return;
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
      onKey(ev, last);
    });
  }
  LATEST.set(onKey, table);
}
