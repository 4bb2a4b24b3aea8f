/**
 * The Game's table in the browser (mirrors client/tables/the_game/): the four piles
 * (two up from 1, two down from 100), your hand, the team and the draw pile, pile
 * signals (the-game.md).
 *
 * Input, as in the window: tap a card (again: unselect) — the piles it may go on light
 * up (a backwards trick is marked) — then tap a lit pile. The button under the team
 * ends the turn once the minimum is played, or declares the block when nothing fits.
 * Each pile has your two signal toggles ("Don't" / "Play well"; again: clear), live at
 * any time, also out of turn, while the legal list offers them. On a keyboard: 1–8 or
 * ←/→ pick a card, A S D F pick a pile, Enter its only pile, E end turn, B declare
 * blocked, Shift / Ctrl + A S D F signal.
 *
 * @typedef {"asc1"|"asc2"|"desc1"|"desc2"} PileName
 * @typedef {"dont-play"|"can-play-well"|null} Signal
 * @typedef {Object} TheGameView engine/the_game/view.py `build`
 * @typedef {{type: "play", card: number, pile: PileName}|{type: "end-turn"}|
 *   {type: "declare-blocked"}|{type: "signal", pile: PileName, signal: Signal}} TheGameAction
 */

import { fmt } from "../i18n.js";
import { bare, hearKeys, linkCss, matching, prompt, say, touch } from "../dom.js";
import { el } from "../table.js";

/** The piles in the engine's order, which way each runs, the key that picks it. */
const PILES = ["asc1", "asc2", "desc1", "desc2"];
const ASCENDING = { asc1: true, asc2: true, desc1: false, desc2: false };
const PILE_KEYS = ["A", "S", "D", "F"];
const SIGNALS = ["dont-play", "can-play-well"];

// The board's style starts loading as soon as the shell imports this module (at boot,
// before the lobby), so the first table is drawn styled.
if (typeof document !== "undefined") linkCss("the_game");

/** Everything the table needs from `table`, worked out once per render. */
function facts(table) {
  const v = table.view;
  const legal = table.legal || [];
  const me = table.seat;
  const ui = table.ui;
  const seated = me !== null && me !== undefined && me >= 0 && me < v.players;
  const moves = legal.filter((a) => a.type !== "signal");
  const deciding = seated && !v.over && !table.busy && moves.length > 0;
  const blocked = deciding && matching(legal, { type: "declare-blocked" }).length > 0;
  const hand = v.hand || [];
  if (ui.selected !== undefined && ui.selected !== null && !hand.includes(ui.selected)) {
    ui.selected = null;
  }
  const selected = deciding && !blocked ? ui.selected ?? null : null;
  const plays = matching(legal, { type: "play" });
  const pilesFor = (c) => plays.filter((a) => a.card === c).map((a) => a.pile);
  const canSignal = seated && !v.over && v.players > 1 && legal.some((a) => a.type === "signal");
  return {
    v, legal, me, ui, seated, deciding, blocked, hand, selected, pilesFor, canSignal,
    playable: new Set(plays.map((a) => a.card)),
    canEnd: deciding && matching(legal, { type: "end-turn" }).length > 0,
  };
}

/** A seat's name: "You" for this page's seat, else the seat's name. */
function who(table, seat) {
  if (typeof table.who === "function") return table.who(seat);
  return seat === table.seat ? table.t("You") : "?";
}

function isTrick(v, c, pile) {
  const top = v.tops[pile];
  return ASCENDING[pile] ? c === top - 10 : c === top + 10;
}

// -- actions
function select(table, c) {
  const ui = table.ui;
  ui.selected = ui.selected === c ? null : c;
  table.rerender();
}

function playOn(table, f, pile) {
  const c = f.selected;
  const t = table.t;
  if (c === null) {
    say(table, touch ? t("Pick a card first") : t("Pick a card first (click it, 1–8 or ←/→)"));
    return;
  }
  if (!f.pilesFor(c).includes(pile)) {
    const top = f.v.tops[pile];
    const why = ASCENDING[pile]
      ? t("{card} does not fit on the UP pile at {top}: higher, or exactly 10 lower")
      : t("{card} does not fit on the DOWN pile at {top}: lower, or exactly 10 higher");
    say(table, fmt(why, { card: c, top }));
    return;
  }
  table.ui.selected = null;
  table.act({ type: "play", card: c, pile });
}

function playOnly(table, f) {
  const t = table.t;
  if (f.selected === null) {
    say(table, touch ? t("Pick a card first") : t("Pick a card first (click it, 1–8 or ←/→)"));
    return;
  }
  const piles = f.pilesFor(f.selected);
  if (piles.length === 1) playOn(table, f, piles[0]);
  else if (!piles.length) say(table, fmt(t("{card} fits on no pile now"), { card: f.selected }));
  else say(table, fmt(t("{card} fits on several piles: press A, S, D or F"), { card: f.selected }));
}

function endTurn(table, f) {
  const t = table.t;
  if (f.blocked) say(table, t("Nothing fits: declare the block (B)"));
  else if (!f.canEnd) {
    const n = f.v.to_play;
    say(table, fmt(table.tn("Play {n} more card before ending your turn",
      "Play {n} more cards before ending your turn", n), { n }));
  } else {
    table.ui.selected = null;
    table.act({ type: "end-turn" });
  }
}

function declareBlocked(table, f) {
  if (!f.blocked) {
    say(table, table.t("You are not blocked: a card still fits, or you have played the minimum"));
    return;
  }
  table.act({ type: "declare-blocked" });
}

/** Set `kind` on `pile`, or clear it when it is already yours (the legal signal). */
function toggleSignal(table, f, pile, kind) {
  if (!f.canSignal) return;
  const mine = f.v.signals[pile][f.me];
  const want = mine === kind ? null : kind;
  const action = matching(f.legal, { type: "signal", pile, signal: want })[0];
  if (!action) {
    // One change per pile and turn (the-game.md "Communication").
    say(table, table.t("You have already changed your signal on this pile this turn"));
    return;
  }
  table.act(action);
}

/** A key on the board (dom.js hearKeys: not while typing or reading an overlay). */
function onKey(event, table) {
  const f = facts(table);
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  const pile = PILE_KEYS.indexOf(key);
  if (pile >= 0 && (event.shiftKey || event.ctrlKey)) {
    if (f.canSignal) {
      event.preventDefault();
      toggleSignal(table, f, PILES[pile], event.shiftKey ? "dont-play" : "can-play-well");
    }
    return;
  }
  if (event.ctrlKey || event.altKey || event.metaKey || !f.deciding) return;
  if (key === "B") declareBlocked(table, f);
  else if (f.blocked) say(table, table.t("Nothing fits: declare the block (B)"));
  else if ((key === "ArrowLeft" || key === "ArrowRight") && f.hand.length) {
    const step = key === "ArrowRight" ? 1 : -1;
    const i = f.hand.indexOf(f.selected);
    const at = i >= 0 ? i : step > 0 ? -1 : 0;
    table.ui.selected = f.hand[(at + step + f.hand.length) % f.hand.length];
    table.rerender();
  } else if (/^[1-9]$/.test(key)) {
    const i = Number(key) - 1;
    if (i < f.hand.length) select(table, f.hand[i]);
  } else if (pile >= 0) playOn(table, f, PILES[pile]);
  else if (key === "Enter" || key === " ") playOnly(table, f);
  else if (key === "E") endTurn(table, f);
  else return;
  event.preventDefault();
}

// -- prompt
/** The one obvious prompt (the window's `status_line`). */
function statusLine(table, f) {
  const t = table.t;
  const v = f.v;
  if (v.over) {
    const left = v.cards_left;
    if (left === 0) return t("Victory! All 98 cards are played");
    return fmt(table.tn("Game over: {n} card not played", "Game over: {n} cards not played", left), { n: left });
  }
  const mine = f.seated && v.awaiting.includes(f.me);
  if (!mine) {
    const name = who(table, v.turn);
    const left = v.to_play;
    if (left) {
      return fmt(table.tn("{name} is playing: {n} more card to play",
        "{name} is playing: {n} more cards to play", left), { name, n: left });
    }
    return fmt(t("{name} is playing: may play more or end the turn"), { name });
  }
  if (!f.deciding) return "";
  if (f.blocked) {
    const n = v.to_play;
    const line = touch
      ? table.tn("No card fits and you must still play {n}: tap Declare blocked",
        "No card fits and you must still play {n}: tap Declare blocked", n)
      : table.tn("No card fits and you must still play {n}: declare the block (B or the button)",
        "No card fits and you must still play {n}: declare the block (B or the button)", n);
    return fmt(line, { n });
  }
  if (f.selected !== null) {
    const piles = f.pilesFor(f.selected);
    if (!piles.length) return fmt(t("{card} fits on no pile now: pick another card"), { card: f.selected });
    if (piles.some((p) => isTrick(v, f.selected, p))) {
      return fmt(touch ? t("{card}: a backwards trick is possible! Tap a lit pile")
        : t("{card}: a backwards trick is possible! Pick a lit pile (A/S/D/F or click)"), { card: f.selected });
    }
    return fmt(touch ? t("{card}: tap a lit pile") : t("{card}: pick a lit pile (A/S/D/F or click)"), { card: f.selected });
  }
  const left = v.to_play;
  if (left) {
    return fmt(table.tn("Your turn: play at least {n} more card. Pick a card, then a lit pile",
      "Your turn: play at least {n} more cards. Pick a card, then a lit pile", left), { n: left });
  }
  return touch ? t("Minimum played: play more cards, or end your turn")
    : t("Minimum played: play more cards, or end your turn (E)");
}

// -- pieces
/** A card of The Game (2..99): its number on a band shaded by value. */
function cardFace(n, cls) {
  const node = el("span", { class: "tg-card " + cls }, el("span", { class: "tg-num", text: n }));
  const k = (n - 2) / 97;
  node.style.setProperty("--band", `rgb(${Math.round(236 - 90 * k)}, ${Math.round(150 + 40 * k)}, ${Math.round(90 + 150 * k)})`);
  return node;
}

function signalIcon(kind) {
  return el("span", { class: "tg-sig-icon " + kind, "aria-hidden": "true" });
}

/** The draw pile: its size and the cards not played yet (the window's left column). */
function drawDeck(table, f) {
  const t = table.t;
  const v = f.v;
  return el("section", { class: "tg-deck", "data-deck": v.deck },
    el("span", { class: "tg-deck-back" + (v.deck ? "" : " empty") }),
    el("span", { class: "tg-deck-words" },
      el("span", { class: "tg-deck-title", text: t("Draw pile") }),
      el("strong", { class: "tg-deck-n", text: fmt(table.tn("{n} card", "{n} cards", v.deck), { n: v.deck }) }),
      el("span", { class: "tg-left", text: fmt(t("Cards left: {n} of 98"), { n: v.cards_left }) })));
}

function drawPile(table, f, i) {
  const t = table.t;
  const v = f.v;
  const name = PILES[i];
  const up = ASCENDING[name];
  const shown = v.piles[name];
  let state = "";
  let tag = null;
  if (f.selected !== null) {
    if (f.pilesFor(f.selected).includes(name)) {
      state = "lit";
      if (isTrick(v, f.selected, name)) {
        state = "lit trick";
        const text = touch ? t("↶ backwards trick") : fmt(t("{key}: ↶ backwards trick"), { key: PILE_KEYS[i] });
        tag = el("span", { class: "tg-tag trick", text });
      } else {
        const gap = Math.abs(f.selected - v.tops[name]);
        const text = touch ? fmt(t("play here (jump {gap})"), { gap })
          : fmt(t("{key}: play here (jump {gap})"), { key: PILE_KEYS[i], gap });
        tag = el("span", { class: "tg-tag lit", text });
      }
    } else {
      state = "veiled";
      tag = el("span", { class: "tg-tag no", text: t("✗ does not fit") });
    }
  }
  const under = shown.slice(-4, -1).reverse();
  let hist;
  if (shown.length) {
    hist = under.length
      ? fmt(t("beneath: {cards}"), { cards: under.join(" · ") })
      : fmt(t("beneath: start ({n})"), { n: up ? 1 : 100 });
    hist = fmt(table.tn("{hist} ({n} played)", "{hist} ({n} played)", shown.length), { hist, n: shown.length });
  } else {
    hist = t("no card yet");
  }
  const top = shown.length
    ? cardFace(shown[shown.length - 1], "tg-top")
    : el("span", { class: "tg-card tg-top marker" }, el("span", { class: "tg-num", text: up ? "1" : "100" }));
  const pile = el("section", {
    class: `tg-pile ${up ? "up" : "down"} ${state}`,
    "data-pile": name, "data-action": "pile", "data-top": v.tops[name],
    "data-lit": state.startsWith("lit") && f.deciding,
    role: "button", tabindex: "-1",
    "aria-label": `${up ? t("UP") : t("DOWN")} ${v.tops[name]}`,
    onclick: () => { if (f.deciding && !f.blocked) playOn(table, f, name); },
  },
  el("header", { class: "tg-pile-head" },
    el("span", { class: "tg-arrow", text: up ? "▲" : "▼" }),
    el("strong", { text: up ? t("UP") : t("DOWN") }),
    el("small", { class: "tg-span", text: up ? t("1 → 99") : t("100 → 2") }),
    touch ? null : el("kbd", { class: "tg-key", text: PILE_KEYS[i] })),
  top,
  el("p", { class: "tg-rule", text: up ? t("higher, or exactly 10 lower") : t("lower, or exactly 10 higher") }),
  el("p", { class: "tg-hist", text: hist }),
  el("div", { class: "tg-tagrow" }, tag));
  // Every seat's signal on this pile, then your own two toggles.
  const marks = el("ul", { class: "tg-marks" });
  v.signals[name].forEach((value, seat) => {
    if (value) {
      marks.append(el("li", { class: "tg-mark", "data-signal": value, "data-seat": seat },
        signalIcon(value), el("span", { text: who(table, seat) })));
    }
  });
  pile.append(marks);
  if (f.canSignal) {
    const mine = v.signals[name][f.me];
    const row = el("div", { class: "tg-toggles" });
    for (const kind of SIGNALS) {
      const on = mine === kind;
      const ok = matching(f.legal, { type: "signal", pile: name, signal: on ? null : kind }).length > 0;
      row.append(el("button", {
        class: "tg-toggle " + kind + (on ? " on" : ""), type: "button",
        "data-action": "signal", "data-pile": name, "data-signal": kind,
        "aria-pressed": on ? "true" : "false", "aria-disabled": ok ? null : "true", "data-lit": ok,
        onclick: (e) => { e.stopPropagation(); toggleSignal(table, f, name, kind); },
      }, signalIcon(kind), el("span", { text: kind === "dont-play" ? t("Don't") : t("Play well") })));
    }
    pile.append(row);
  }
  return pile;
}

function drawHand(table, f) {
  const t = table.t;
  if (!f.seated) {
    return el("section", { class: "tg-hand watching" }, el("p", { class: "tg-watch", text: t("Watching the table") }));
  }
  const box = el("section", { class: "tg-hand", "aria-label": t("Your hand") },
    el("h2", { class: "tg-h", text: t("Your hand") }));
  const row = el("div", { class: "tg-cards", "data-hand": f.hand.join(" ") });
  f.hand.forEach((c, i) => {
    const playable = f.deciding && f.playable.has(c);
    const face = cardFace(c, "tg-hand-card");
    const btn = el("button", {
      class: "tg-pick" + (c === f.selected ? " selected" : "") + (f.deciding && !playable ? " dim" : ""),
      type: "button", "data-card": c, "data-action": "card",
      "data-lit": playable && !f.blocked, "aria-pressed": c === f.selected ? "true" : "false",
      onclick: () => { if (f.deciding && !f.blocked) select(table, c); },
    }, face, f.deciding && !touch ? el("kbd", { class: "tg-cardkey", text: i + 1 }) : null);
    row.append(btn);
  });
  box.append(row);
  return box;
}

function drawButton(table, f) {
  const t = table.t;
  if (!f.deciding) {
    // Your own action in flight: the button stays in place, dead, rather than blink away.
    const mine = f.seated && !f.v.over && f.v.awaiting.includes(f.me);
    if (!mine) return el("div", { class: "tg-action" });
    const n = f.v.to_play;
    const label = n ? fmt(table.tn("Play {n} more card", "Play {n} more cards", n), { n }) : bare(t("End turn [E]"));
    return el("div", { class: "tg-action" },
      el("button", { class: "tg-btn wait", type: "button", "data-action": "end-turn", "aria-disabled": "true" }, label));
  }
  let btn;
  if (f.blocked) {
    btn = el("button", { class: "tg-btn blocked", type: "button", "data-action": "declare-blocked", "data-lit": true,
      onclick: () => declareBlocked(table, f) }, bare(t("Declare blocked [B]")));
  } else if (f.canEnd) {
    btn = el("button", { class: "tg-btn end", type: "button", "data-action": "end-turn", "data-lit": true,
      onclick: () => endTurn(table, f) }, bare(t("End turn [E]")));
  } else {
    const n = f.v.to_play;
    btn = el("button", { class: "tg-btn wait", type: "button", "data-action": "end-turn", "aria-disabled": "true",
      onclick: () => endTurn(table, f) },
    fmt(table.tn("Play {n} more card", "Play {n} more cards", n), { n }),
    el("small", { text: bare(t("then End turn [E]")) }));
  }
  return el("div", { class: "tg-action" }, btn);
}

/**
 * The team's result (the window's `summary`): cards not played (hands + draw pile);
 * 0 is a victory, fewer than 10 excellent. One row per player, then the draw pile.
 * @returns {{headline: string, subtitle: string, rows: Object[], columns: string[]}|null}
 */
export function summary(table) {
  const v = table.view;
  if (!v || !v.over || !v.piles) return null;
  const left = v.cards_left;
  const won = left === 0;
  let headline;
  if (won) headline = table.t("Victory! All 98 cards played");
  else if (left < 10) headline = fmt(table.tn("Excellent! Only {n} card left", "Excellent! Only {n} cards left", left), { n: left });
  else headline = fmt(table.tn("Blocked: {n} card left", "Blocked: {n} cards left", left), { n: left });
  const rows = [];
  for (let s = 0; s < v.players; s++) {
    const n = v.hand_sizes[s];
    rows.push({ name: who(table, s), value: fmt(table.tn("{n} card left in hand", "{n} cards left in hand", n), { n }), winner: won, cells: [] });
  }
  rows.push({ name: table.t("Draw pile"), value: fmt(table.tn("{n} card", "{n} cards", v.deck), { n: v.deck }), winner: false, cells: [] });
  return {
    headline,
    subtitle: table.t("The Game · the team's result: cards not played (fewer than 10 is excellent)"),
    rows, columns: [],
  };
}

/** The rules allow no table talk but the pile signals (the-game.md "Communication"). */
export const emotes = false;

/** The one obvious prompt (the shell's prompt line): a hint just given, else the turn's. */
export function status(table) {
  const v = table.view;
  if (!v || v.lobby || !v.piles) return "";
  return prompt(table, () => statusLine(table, facts(table)));
}

/** A seat's panel line: its cards, and for the active seat what is left to play. */
export function seatLine(table, seat) {
  const v = table.view;
  if (!v || !v.hand_sizes) return "";
  const n = v.hand_sizes[seat];
  let sub = fmt(table.tn("{n} card", "{n} cards", n), { n });
  if (seat === v.turn && !v.over) {
    const left = v.to_play;
    sub = left
      ? fmt(table.tn("{cards} · {n} more to play", "{cards} · {n} more to play", left), { cards: sub, n: left })
      : fmt(table.t("{cards} · may end the turn"), { cards: sub });
  }
  return sub;
}

/** Draw the board into `root` from `table` (the contract in table.js). */
export function render(root, table) {
  linkCss("the_game");
  const v = table.view;
  if (!v || v.lobby || !v.piles) {
    root.replaceChildren();
    return;
  }
  hearKeys(root, table, "the-game", onKey);
  const f = facts(table);
  const t = table.t;
  const msg = table.ui.message && Date.now() < table.ui.message.until;
  let title = fmt(t("The Game · Turn {n} · everyone plays together"), { n: v.turns });
  if (v.expert) title += " · " + t("expert: minimum 3");
  const piles = el("div", { class: "tg-piles" });
  for (let i = 0; i < 4; i++) piles.append(drawPile(table, f, i));
  const board = el("div", {
    class: "tg" + (f.seated ? "" : " spectator") + (msg ? " hinting" : "") + (f.blocked ? " is-blocked" : ""),
    "data-game": "the-game", "data-turn": v.turn, "data-turns": v.turns, "data-over": v.over ? "1" : "0",
    "data-deciding": f.deciding ? "1" : "0", "data-to-play": v.to_play,
  },
  el("h2", { class: "tg-title", text: title }),
  piles,
  drawHand(table, f),
  el("div", { class: "tg-side" }, drawDeck(table, f), drawButton(table, f)));
  root.replaceChildren(board);
}
