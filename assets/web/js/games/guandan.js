/**
 * The Guandan table in the browser (mirrors client/tables/guandan/: scene.py, hand.py,
 * faces.py, paint.py, hint.py; rules: guandan.md).
 *
 * Four seats around the felt (you at the bottom, your partner opposite, the next player
 * to your right: play moves counter-clockwise), each seat's card count and its latest
 * play of this trick, the trick on the table with its reading, the deal facts (level,
 * whose level, the wild card, both teams' levels, tribute), your 27-card hand in rows
 * (sorted by rank, by suit or by combinations: a display choice from the hand alone),
 * and the decision: Play (the reading chooser when the picked cards read several ways),
 * Pass, Hint; in tribute and return, the card to give.
 *
 * Input, as the window: tap cards to pick them (again: put back); the play whose cards
 * have the picked faces is looked up in the legal list (either copy of a face may be
 * picked). Keys on a laptop: ←/→ and Space pick, ↑/↓ pick / put back a rank, Enter plays
 * (or gives), P passes, H hints, Tab / 1–9 choose a reading, O sorts.
 * The hint's order: Seat.hintCycle.
 *
 * @typedef {{type: "play", cards: number[], combo: string, rank: number}
 *   | {type: "pass"} | {type: "tribute"|"return", card: number}} Action
 * @typedef {{seat: number, type: "play"|"pass", combo?: string, rank?: number,
 *   cards?: number[]}} PlayEntry
 * @typedef {Object} View  engine/guandan/view.py `build`
 */

import { linkCss, listenKeys, touch } from "../dom.js";
import { el as h } from "../table.js";

const FACES = 54;
const SMALL_JOKER = 16;
const BIG_JOKER = 17;
const SUITS = "♠♥♣♦";
const RANK_TEXT = { 11: "J", 12: "Q", 13: "K", 14: "A" };
const TEAM_MARKS = ["●", "◆"];
const COMBOS = ["single", "pair", "triple", "full-house", "straight", "consecutive-pairs",
  "consecutive-triples", "bomb", "straight-flush", "four-jokers"];
const BOMBS = new Set(["bomb", "straight-flush", "four-jokers"]);
const SEQUENCES = new Set(["straight", "consecutive-pairs", "consecutive-triples", "straight-flush"]);
const MODES = ["rank", "suit", "combos"];

// The board's style loads at import (dom.js linkCss).
linkCss("guandan");

// -- card facts (faces.py)
/** 2..14 (A = 14), 16 small joker, 17 big joker. */
function rank(card) {
  const f = card % FACES;
  if (f < 52) return Math.floor(f / 4) + 2;
  return f === 52 ? SMALL_JOKER : BIG_JOKER;
}

/** 0..3 for ♠ ♥ ♣ ♦, null for a joker. */
function suit(card) {
  const f = card % FACES;
  return f < 52 ? f % 4 : null;
}

function isWild(card, level) {
  return rank(card) === level && suit(card) === 1;
}

/** Card order of a rank: 2..A naturally, the level rank 15, jokers 16 and 17. */
function rankValue(r, level) {
  return r === level ? 15 : r;
}

function value(card, level) {
  return rankValue(rank(card), level);
}

function isRed(card) {
  const s = suit(card);
  return s === null ? rank(card) === BIG_JOKER : s === 1 || s === 3;
}

function sortKey(card, level) {
  return [value(card, level), isWild(card, level) ? 1 : 0, suit(card) || 0, card];
}

function cmpKeys(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -Infinity;
    const y = b[i] ?? -Infinity;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function rankText(table, r) {
  if (r === SMALL_JOKER) return table.t("small joker");
  if (r === BIG_JOKER) return table.t("big joker");
  return RANK_TEXT[r] || String(r);
}

function ranksText(table, r) {
  const words = { 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces", 16: "small jokers", 17: "big jokers" };
  return words[r] ? table.t(words[r]) : table.t("{rank}s", { rank: r });
}

/** "A♠", "10♥", "big joker". */
function cardText(table, card) {
  const r = rank(card);
  if (r >= SMALL_JOKER) return rankText(table, r);
  return (RANK_TEXT[r] || String(r)) + SUITS[suit(card)];
}

function runText(table, top, length) {
  const out = [];
  for (let r = top - length + 1; r <= top; r++) out.push(rankText(table, r === 1 ? 14 : r));
  return out.join("-");
}

/** The name of a reading: "pair of 7s", "straight to Q", "bomb of 9s (5 cards)". */
function readingText(table, combo, r, size) {
  switch (combo) {
    case "single": return table.t("single {rank}", { rank: rankText(table, r) });
    case "pair": return table.t("pair of {ranks}", { ranks: ranksText(table, r) });
    case "triple": return table.t("three {ranks}", { ranks: ranksText(table, r) });
    case "full-house": return table.t("full house, three {ranks}", { ranks: ranksText(table, r) });
    case "straight": return table.t("straight to {rank}", { rank: rankText(table, r) });
    case "consecutive-pairs": return table.t("pairs {run}", { run: runText(table, r, 3) });
    case "consecutive-triples": return table.t("triples {run}", { run: runText(table, r, 2) });
    case "bomb":
      if (size > 4) return table.t("bomb of {ranks} ({n} cards)", { ranks: ranksText(table, r), n: size });
      return table.t("bomb of {ranks}", { ranks: ranksText(table, r) });
    case "straight-flush": return table.t("straight flush to {rank}", { rank: rankText(table, r) });
    case "four-jokers": return table.t("four jokers");
    default: return combo;
  }
}

function playText(table, a) {
  return readingText(table, a.combo, a.rank, a.cards.length);
}

function levelText(level) {
  return RANK_TEXT[level] || String(level);
}

/** Sort key of a play, weakest first (engine.guandan.combos.play_key: a display order). */
function playKey(a, level) {
  const n = a.cards.length;
  if (BOMBS.has(a.combo)) {
    let power;
    if (a.combo === "bomb") power = [2 * n, rankValue(a.rank, level)];
    else if (a.combo === "straight-flush") power = [11, a.rank];
    else power = [100, 0];
    return [1, ...power, n];
  }
  const key = SEQUENCES.has(a.combo) ? a.rank : rankValue(a.rank, level);
  return [0, key, n, COMBOS.indexOf(a.combo)];
}

function faceKey(cards) {
  return cards.map((c) => c % FACES).sort((x, y) => x - y).join(",");
}

// -- the hand's orders (hand.py)
function byRank(cards, level) {
  return [...cards].sort((a, b) => cmpKeys(sortKey(a, level), sortKey(b, level)));
}

function bySuit(cards, level) {
  return [...cards].sort((a, b) => cmpKeys(
    [suit(a) === null ? 4 : suit(a), ...sortKey(a, level)],
    [suit(b) === null ? 4 : suit(b), ...sortKey(b, level)]));
}

function runRanks(top, length) {
  const out = [];
  for (let r = top - length + 1; r <= top; r++) out.push(r === 1 ? 14 : r);
  return out;
}

/** The hand cut into combinations, weakest kinds first (hand.py combo_groups: a display
 * aid, not a plan). */
function comboGroups(cards, level) {
  const wilds = cards.filter((c) => isWild(c, level));
  const jokers = cards.filter((c) => rank(c) >= SMALL_JOKER).sort((a, b) => rank(a) - rank(b) || a - b);
  const rest = cards.filter((c) => !wilds.includes(c) && !jokers.includes(c));
  const held = new Map();
  for (const c of [...rest].sort((a, b) => suit(a) - suit(b) || a - b)) {
    if (!held.has(rank(c))) held.set(rank(c), []);
    held.get(rank(c)).push(c);
  }
  const byValue = (rs) => [...rs].sort((a, b) => rankValue(a, level) - rankValue(b, level));
  const bombs = [];
  for (const r of byValue(held.keys())) {
    if (held.get(r).length >= 4) {
      bombs.push(held.get(r));
      held.delete(r);
    }
  }
  bombs.sort((a, b) => a.length - b.length || value(a[0], level) - value(b[0], level));
  const runs = { 1: [], 2: [], 3: [] };
  for (const [width, length] of [[1, 5], [3, 2], [2, 3]]) {
    let top = length;
    while (top <= 14) {
      const ranks = runRanks(top, length);
      if (ranks.every((r) => (held.get(r) || []).length === width)) {
        runs[width].push(ranks.flatMap((r) => { const g = held.get(r); held.delete(r); return g; }));
        top += length;
      } else {
        top += 1;
      }
    }
  }
  const kinds = { 1: [], 2: [], 3: [] };
  for (const r of byValue(held.keys())) kinds[held.get(r).length].push(held.get(r));
  const out = [...kinds[1], ...kinds[2], ...kinds[3], ...runs[3], ...runs[2], ...runs[1], ...bombs];
  if (wilds.length) out.push(wilds);
  if (jokers.length) out.push(jokers);
  return out;
}

/** The hand in `mode`'s order, cut into groups (neighbours that belong together). */
function handGroups(cards, mode, level) {
  if (mode === "combos") return comboGroups(cards, level);
  const order = mode === "suit" ? bySuit(cards, level) : byRank(cards, level);
  const key = mode === "suit" ? (c) => suit(c) : (c) => value(c, level);
  const out = [];
  for (const c of order) {
    if (out.length && key(out[out.length - 1][0]) === key(c)) out[out.length - 1].push(c);
    else out.push([c]);
  }
  return out;
}

// -- decisions (scene.py)
class Seat {
  constructor(table) {
    this.table = table;
    this.v = table.view;
    this.ui = table.ui;
    this.me = table.seat === undefined ? null : table.seat;
    // While an action is in flight (or the link is down) nothing is lit.
    this.legal = table.busy ? [] : table.legal || [];
    this.level = this.v.level || 2;
    if (this.ui.legalRef !== this.legal) {
      this.ui.legalRef = this.legal;
      this.ui.legalKeys = this.legal.map((a) => (a.type === "play" ? faceKey(a.cards) : null));
    }
    if (!this.ui.mode) this.ui.mode = "rank";
    if (!this.ui.sel) this.ui.sel = [];
  }

  hand() {
    return this.me === null ? [] : this.v.hand || [];
  }

  myTurn() {
    return this.me !== null && !this.v.over && (this.v.awaiting || []).includes(this.me);
  }

  /** "play", "tribute", "return" or null: what the host awaits from this seat now. */
  decision() {
    if (!this.myTurn() || !this.legal.length) return null;
    const first = this.legal[0];
    return first.type === "pass" || first.type === "play" ? "play" : first.type;
  }

  choices(type) {
    return this.legal.filter((a) => a.type === type);
  }

  /** Keep the picked cards that are still held; reset on a new phase or deal. */
  reconcile() {
    const ui = this.ui;
    const sig = `${this.v.deal}:${this.v.phase}`;
    if (ui.phase !== sig) {
      ui.phase = sig;
      ui.sel = [];
      ui.hintI = -1;
      ui.hintLabel = "";
      ui.reading = 0;
    }
    const hand = new Set(this.hand());
    ui.sel = ui.sel.filter((c) => hand.has(c));
    if (this.v.phase === "play" && this.v.levels) ui.levelsAt = { ...(ui.levelsAt || {}), [this.v.deal]: this.v.levels.slice() };
    // A refusal's words last until the table moves on.
    const step = `${sig}:${(this.v.plays || []).length}`;
    if (ui.errorStep !== step) {
      ui.errorStep = step;
      ui.error = "";
    }
    const give = this.choosable();
    if (give !== null) {
      ui.sel = ui.sel.filter((c) => give.has(c)).slice(0, 1);
      const faces = new Set([...give].map((c) => c % FACES));
      if (!ui.sel.length && faces.size === 1) ui.sel = [Math.min(...give)];
    }
  }

  /** The legal plays made of exactly the picked faces: one per reading. */
  options() {
    const sel = this.ui.sel;
    if (!sel.length || this.decision() !== "play") return [];
    const key = faceKey(sel);
    const keys = this.ui.legalKeys;
    const out = this.legal.filter((a, i) => keys[i] === key);
    if (this.ui.reading >= out.length) this.ui.reading = 0;
    return out;
  }

  canPass() {
    return this.choices("pass").length > 0;
  }

  /** In tribute or return: the held cards that may be given (both copies); else null. */
  choosable() {
    const d = this.decision();
    if (d !== "tribute" && d !== "return") return null;
    const faces = new Set(this.choices(d).map((a) => a.card % FACES));
    return new Set(this.hand().filter((c) => faces.has(c % FACES)));
  }

  returnTo() {
    const tr0 = this.v.tribute || {};
    const t = (tr0.transfers || []).find(([, r]) => r === this.me);
    return t ? t[0] : -1;
  }

  name(seat) {
    const s = (this.table.seats || [])[seat];
    const name = (s && s.name) || `${seat + 1}`;
    return name.split(" (")[0];
  }

  who(seat) {
    return seat === this.me ? this.table.t("You") : this.name(seat);
  }

  teamName(team, lower = false) {
    const t = this.table;
    if (this.me !== null) {
      if (lower) return t.t(team === this.me % 2 ? "your team" : "the opponents");
      return t.t(team === this.me % 2 ? "Your team" : "Opponents");
    }
    return t.t("Team {n}", { n: team + 1 });
  }

  teamLevel(team) {
    const t = this.table;
    if (this.me === null) return t.t("team {n}'s level", { n: team + 1 });
    return t.t(team === this.me % 2 ? "your team's level" : "the opponents' level");
  }

  // -- actions
  send(action) {
    if (this.table.busy) return false;
    this.table.act(action);
    this.ui.sel = [];
    this.ui.reading = 0;
    this.ui.hintI = -1;
    this.ui.hintLabel = "";
    this.ui.error = "";
    return true;
  }

  tap(card) {
    const ui = this.ui;
    ui.error = "";
    const give = this.choosable();
    if (give !== null) {
      if (give.has(card)) ui.sel = [card];
      return;
    }
    if (this.me === null || this.v.phase !== "play") return;
    ui.sel = ui.sel.includes(card) ? ui.sel.filter((c) => c !== card) : [...ui.sel, card];
    ui.hintLabel = "";
    ui.reading = 0;
  }

  /** A mouse press on a card: toggle it, and a drag from it (button held) gives every
   * card it crosses the same state (hand.py press/motion: "drag across"). */
  press(card) {
    this.tap(card);
    this.ui.pressed = card;
    this.ui.dragOn = this.ui.sel.includes(card);
    this.table.rerender();
  }

  drag(card) {
    if (this.ui.pressed == null || this.choosable() !== null || this.v.phase !== "play") return;
    const on = this.ui.sel.includes(card);
    if (this.ui.dragOn && !on) this.ui.sel = [...this.ui.sel, card];
    else if (!this.ui.dragOn && on) this.ui.sel = this.ui.sel.filter((c) => c !== card);
    else return;
    this.ui.reading = 0;
    this.ui.hintLabel = "";
    this.table.rerender();
  }

  play() {
    const opts = this.options();
    const t = this.table;
    if (!this.ui.sel.length) {
      this.ui.error = touch ? t.t("Tap cards to pick them first") : t.t("Select cards first (click, drag across, or Space)");
      return;
    }
    if (!opts.length) {
      this.ui.error = this.whyNot();
      return;
    }
    this.send(opts[this.ui.reading % opts.length]);
  }

  whyNot() {
    const last = this.v.last_play;
    if (last) return this.table.t("These cards make no play that beats {reading}", { reading: playText(this.table, last) });
    return this.table.t("These cards are not a combination");
  }

  pass() {
    if (!this.canPass()) {
      this.ui.error = this.table.t("You lead: you must play");
      return;
    }
    this.send(this.choices("pass")[0]);
  }

  /** The legal action equal to `want` (the host's hint travels as a copy), or null. */
  findLegal(want) {
    if (!want) return null;
    const cards = String(want.cards || "");
    return this.legal.find((a) => a.type === want.type && a.combo === want.combo &&
      a.rank === want.rank && String(a.cards || "") === cards) || null;
  }

  /** The hint's cycle (hint.py hint_order): the recommended action first — the host's
   * answer (the engine's normal bot, from this seat's view), else, when the host gives
   * none, a pass after the partner's play or the weakest play — then every other play
   * weakest first (engine play_key's order), a pass last. */
  hintCycle(recommended) {
    const level = this.level;
    const plays = this.choices("play").slice().sort((a, b) => cmpKeys(playKey(a, level), playKey(b, level)));
    const passes = this.choices("pass");
    if (recommended) {
      return [recommended, ...plays.filter((a) => a !== recommended), ...passes.filter((a) => a !== recommended)];
    }
    const last = this.v.last_play;
    const partnerLast = last && this.me !== null && last.seat !== this.me && last.seat % 2 === this.me % 2;
    if (passes.length && (partnerLast || !plays.length)) return [...passes, ...plays];
    return [...plays, ...passes];
  }

  /** H / the Hint button: first ask the host (the answer comes with a later render:
   * "thinking…" until then), then show the next action of the cycle, one per press. */
  hint() {
    if (this.decision() !== "play") return;
    const t = this.table;
    const ui = this.ui;
    const here = this.viewStep();
    if (!t.hint && typeof t.askHint === "function" && ui.hintAskedFor !== here) {
      if (t.hinting || t.askHint()) {
        ui.hintAskedFor = here;
        ui.hintWanted = true;
        ui.hintLabel = t.t("Hint: thinking…");
        return;
      }
    }
    this.showHint();
  }

  /** Step the hint's cycle on (the host's answer, when there is one, first). */
  showHint() {
    const t = this.table;
    const ui = this.ui;
    ui.hintWanted = false;
    const cycle = this.hintCycle(t.hint ? this.findLegal(t.hint.action) : null);
    if (!cycle.length) return;
    ui.hintI = (ui.hintI + 1) % cycle.length;
    const a = cycle[ui.hintI];
    if (a.type === "pass") {
      ui.sel = [];
      if (touch) ui.hintLabel = ui.hintI === 0 ? t.t("Hint: pass, as a good player would now") : t.t("Or pass");
      else ui.hintLabel = ui.hintI === 0 ? t.t("Hint: pass (P), as a good player would now") : t.t("Or pass (P)");
      return;
    }
    ui.sel = a.cards.slice();
    const opts = this.options();
    const i = opts.indexOf(a);
    ui.reading = i >= 0 ? i : 0;
    const reading = playText(t, a);
    const first = touch ? t.t("Hint: {reading} (tap Hint again for other plays)", { reading })
      : t.t("Hint: {reading} (H again: other plays)", { reading });
    ui.hintLabel = ui.hintI === 0
      ? first
      : t.t("Other play {i} of {n}", { i: ui.hintI, n: cycle.length - 1 });
  }

  /** A hint asked for: shown once the host answers (or refuses: then from the list). */
  pendingHint() {
    const ui = this.ui;
    if (!ui.hintWanted) return;
    if (this.decision() !== "play" || ui.hintAskedFor !== this.viewStep()) {
      ui.hintWanted = false;
      ui.hintLabel = "";
    } else if (this.table.hint || !this.table.hinting) {
      this.showHint();
    }
  }

  /** Names the view shown (a hint answers one view). */
  viewStep() {
    return `${this.v.deal}:${this.v.phase}:${(this.v.plays || []).length}`;
  }

  give() {
    const d = this.decision();
    const sel = this.ui.sel;
    const t = this.table;
    if (sel.length !== 1) {
      this.ui.error = t.t("Choose one card");
      return;
    }
    const a = this.choices(d).find((x) => x.card % FACES === sel[0] % FACES);
    if (!a) {
      this.ui.error = t.t("That card may not be given");
      return;
    }
    this.send(a);
  }

  sort(mode) {
    this.ui.mode = mode || MODES[(MODES.indexOf(this.ui.mode) + 1) % MODES.length];
  }

  /** The window's status_line: the one obvious prompt. */
  status() {
    const v = this.v;
    const t = this.table;
    if (v.over) return t.t("Match over");
    const d = this.decision();
    if (d === "play") {
      const last = v.last_play;
      if (!last) {
        return touch ? t.t("Your lead: tap cards to pick them, then Play")
          : t.t("Your lead: select cards (click, drag, or ←/→ and Space), then Play");
      }
      if (!this.choices("play").length) {
        const fields = { reading: playText(t, last), name: this.who(last.seat) };
        return touch ? t.t("Nothing in your hand beats {reading} by {name}: pass", fields)
          : t.t("Nothing in your hand beats {reading} by {name}: pass (P)", fields);
      }
      return t.t("Beat {reading} by {name}, or pass", { reading: playText(t, last), name: this.who(last.seat) });
    }
    if (d === "tribute") return t.t("Pay tribute: your strongest card (not a wild) — pick it and confirm");
    if (d === "return") {
      const payer = this.returnTo();
      return t.t("Choose a card to give back to {name}: rank 2–10, not a wild",
        { name: payer >= 0 ? this.who(payer) : "?" });
    }
    const waiting = v.awaiting || [];
    if (!waiting.length) return "";
    const names = waiting.map((s) => this.who(s)).join(" & ");
    if (v.phase === "tribute") return t.t("{names}: paying tribute…", { names });
    if (v.phase === "return") return t.t("{names}: choosing a card to return…", { names });
    return t.t("{names} to play…", { names });
  }
}

// -- drawing
function placeText(table, place) {
  return table.t({ 1: "1st", 2: "2nd", 3: "3rd" }[place] || "last");
}

/** A card face: rank and suit (a level card with a gold ribbon and star; a wild gold with
 * a big star; a joker a star and its name). */
function faceEl(table, card, level, attrs = {}, small = false) {
  const r = rank(card);
  const cls = ["gd-card", isRed(card) ? "gd-red" : "gd-black"];
  if (small) cls.push("gd-small");
  const kids = [];
  if (r >= SMALL_JOKER) {
    cls.push("gd-joker", r === BIG_JOKER ? "gd-big" : "gd-smalljoker");
    kids.push(h("span", { class: "gd-rank" }, r === BIG_JOKER ? "★" : "☆"),
      h("span", { class: "gd-jword" }, table.t(r === BIG_JOKER ? "BIG" : "SMALL")),
      h("span", { class: "gd-jword" }, table.t("JOKER")));
  } else {
    if (r === level) cls.push("gd-level");
    if (isWild(card, level)) cls.push("gd-wild");
    kids.push(h("span", { class: "gd-rank" }, RANK_TEXT[r] || String(r)),
      h("span", { class: "gd-suit" }, SUITS[suit(card)]));
    if (isWild(card, level)) kids.push(h("span", { class: "gd-star" }, "★"));
    else if (r === level) kids.push(h("span", { class: "gd-lstar" }, "★"));
  }
  const extra = attrs.class ? ` ${attrs.class}` : "";
  return h(attrs.tag || "span", { ...attrs, tag: null, class: cls.join(" ") + extra, "data-face": card % FACES }, kids);
}

function cardsEl(table, cards, level) {
  const sorted = [...cards].sort((a, b) => cmpKeys(sortKey(a, level), sortKey(b, level)));
  return h("span", { class: "gd-cards" }, sorted.map((c) => faceEl(table, c, level, { "data-card": c }, true)));
}

function drawTop(s) {
  const t = s.table;
  const v = s.v;
  return h("div", { class: "gd-top" },
    h("span", { class: "gd-title" },
      t.t("Guandan · Deal {deal} · playing level {level}", { deal: v.deal, level: levelText(v.level) })));
}

function infoLines(s) {
  const t = s.table;
  const v = s.v;
  const level = levelText(v.level);
  const lt = v.level_team;
  const lines = [];
  lines.push(h("div", { class: "gd-info-head" }, lt === 0 || lt === 1
    ? t.t("Playing level {level}: {whose}", { level, whose: s.teamLevel(lt) })
    : t.t("Level {level} (both teams start here)", { level })));
  lines.push(h("div", { class: "gd-wildline", "data-zone": "wild" },
    t.t("Wild this deal: ♥{rank} (both copies)", { rank: level })));
  for (const team of [0, 1]) {
    const who = [team, team + 2].map((p) => s.who(p)).join(" & ");
    lines.push(h("div", { class: `gd-team gd-t${team}`, "data-team": team, "data-level": v.levels[team] },
      `${TEAM_MARKS[team]} ${s.teamName(team)}: ${levelText(v.levels[team])} (${who})`));
  }
  const trb = v.tribute || {};
  if (trb.exempt) {
    const names = (trb.payers || []).map((p) => s.who(p)).join(" & ");
    lines.push(h("div", { class: "gd-tribute" }, t.t("No tribute: {names} hold both big jokers", { names })));
  }
  for (const [payer, receiver, card] of trb.transfers || []) {
    const ret = (trb.returns || []).find(([r]) => r === receiver);
    let text = t.t("Tribute {card}: {payer} → {receiver}",
      { card: cardText(t, card), payer: s.who(payer), receiver: s.who(receiver) });
    if (ret) text += t.t(", back {card}", { card: cardText(t, ret[2]) });
    lines.push(h("div", { class: "gd-tribute" }, text));
  }
  return h("div", { class: "gd-info", "data-zone": "info" }, lines, drawLog(s));
}

/** This deal's plays and passes, newest last (paint.py draw_log; shown where there is
 * room: on a laptop). */
function drawLog(s) {
  const t = s.table;
  const plays = s.v.plays || [];
  const rows = plays.slice(-12).map((e) => h("div", { class: e.type === "pass" ? "gd-logpass" : "" },
    `${s.who(e.seat)}: ${e.type === "pass" ? t.t("pass") : playText(t, e)}`));
  return h("div", { class: "gd-log", "data-zone": "log" },
    h("div", { class: "gd-loghead" }, t.t("This deal")),
    h("div", { class: "gd-loglines" }, plays.length ? rows : h("div", {}, t.t("no plays yet"))));
}

/** Where each seat sits around the felt, seen from `me` (play moves counter-clockwise:
 * the next seat on the right, the partner opposite). */
function spotOf(seat, me) {
  return ["bottom", "right", "top", "left"][(seat - me + 4) % 4];
}

function seatPanel(s, seat) {
  const t = s.table;
  const v = s.v;
  const me = s.me === null ? 0 : s.me;
  const n = v.hand_counts[seat];
  const place = v.out.indexOf(seat);
  const awaited = (v.awaiting || []).includes(seat) && !v.over;
  const kids = [
    h("div", { class: "gd-seatname" },
      h("span", { class: `gd-mark gd-t${seat % 2}` }, TEAM_MARKS[seat % 2]), " ",
      seat === s.me ? t.t("You") : s.name(seat)),
  ];
  if (s.me !== null && seat !== s.me) {
    kids.push(h("div", { class: "gd-role" }, t.t(seat % 2 === s.me % 2 ? "partner" : "opponent")));
  }
  kids.push(h("div", { class: "gd-count", "data-count": n }, t.tn("{n} card", "{n} cards", n)));
  if (place >= 0) {
    kids.push(h("div", { class: "gd-out" }, t.t("out · {place}", { place: placeText(t, place + 1) })));
  }
  if (awaited) {
    const word = { tribute: "▶ paying tribute", return: "▶ choosing a return" }[v.phase] || "▶ to play";
    kids.push(h("div", { class: "gd-awaited" }, t.t(word)));
  }
  // The seat's latest move of this trick.
  const mine = (v.trick || []).filter((e) => e.seat === seat);
  const lastMove = mine[mine.length - 1];
  if (lastMove) {
    kids.push(lastMove.type === "pass"
      ? h("div", { class: "gd-move gd-pass" }, t.t("Pass"))
      : h("div", { class: "gd-move" }, playText(t, lastMove)));
  }
  return h("div", {
    class: `gd-seat gd-at-${spotOf(seat, me)}${awaited ? " gd-awaitedseat" : ""}${seat === s.me ? " gd-meseat" : ""}`,
    "data-seat": seat,
    "data-count": n,
  }, kids);
}

function drawTrick(s) {
  const t = s.table;
  const v = s.v;
  const last = v.last_play;
  const kids = [];
  if (last) {
    kids.push(h("div", { class: "gd-trickwho" }, `${s.who(last.seat)}: ${playText(t, last)}`),
      cardsEl(t, last.cards, v.level));
  } else if (v.phase === "play" && v.turn !== null && v.turn !== s.me && !v.over) {
    kids.push(h("div", { class: "gd-trickwho gd-dim" }, t.t("{name} leads", { name: s.who(v.turn) })));
  }
  return h("div", { class: "gd-trick", "data-zone": "trick" }, kids);
}

function drawFelt(s) {
  const v = s.v;
  const seats = [0, 1, 2, 3].map((seat) => seatPanel(s, seat));
  return h("div", { class: "gd-felt", "data-zone": "felt" }, seats, drawTrick(s), drawDealEnd(s));
}

/** The deal's result (the view's history) between deals and at the end of the match. */
function drawDealEnd(s) {
  const t = s.table;
  const v = s.v;
  const hist = v.history || [];
  const e = hist[hist.length - 1];
  if (!e) return null;
  const between = v.over || (e.deal === v.deal - 1 && !(v.plays || []).length);
  if (!between) return null;
  const rows = [h("div", { class: "gd-dealhead" }, t.t("Deal {n} over", { n: e.deal }))];
  e.places.forEach((seat, i) => {
    rows.push(h("div", { class: `gd-place gd-t${seat % 2}`, "data-place": i + 1, "data-seat": seat },
      `${TEAM_MARKS[seat % 2]} ${placeText(t, i + 1)}: ${s.who(seat)}`));
  });
  const team = e.team;
  const now = v.levels[team];
  let old = (s.ui.levelsAt || {})[e.deal];
  old = old ? old[team] : e.deal === 1 ? (v.options || {}).start_level : null;
  if (old !== null && old !== undefined) {
    const text = now === old && old === 14
      ? t.t("{team} finished 1st at A", { team: s.teamName(team) })
      : t.tn("+{n} level for {team}: {old} → {new}", "+{n} levels for {team}: {old} → {new}", e.advance,
        { team: s.teamName(team, true), old: levelText(old), new: levelText(now) });
    rows.push(h("div", { class: "gd-advance" }, text));
  }
  rows.push(h("div", { class: "gd-levelsnow" }, t.t("Levels now: {a} {ta} · {b} {tb}", {
    a: s.teamName(0), ta: levelText(v.levels[0]), b: s.teamName(1), tb: levelText(v.levels[1]),
  })));
  if (v.over) {
    const winners = v.winners || [];
    if (winners.length) {
      const wt = winners[0] % 2;
      const text = v.levels[wt] === 14
        ? t.t("Match won at A by {team}!", { team: s.teamName(wt, true) })
        : t.t("Match won by {team}", { team: s.teamName(wt, true) });
      rows.push(h("div", { class: "gd-matchwon", "data-zone": "match-result" }, text),
        h("div", { class: "gd-winners" }, winners.map((p) => s.who(p)).join(" & ")));
    }
  } else {
    rows.push(h("div", { class: "gd-next" }, t.t("Next: deal {n} at level {level} ({whose}) · wild ♥{level}",
      { n: e.deal + 1, level: levelText(now), whose: s.teamLevel(team) })));
  }
  return h("div", { class: "gd-dealend", "data-zone": "deal-result", "data-deal": e.deal }, rows);
}

function drawHand(s) {
  const t = s.table;
  if (s.me === null) return h("div", { class: "gd-handbox gd-watching" }, t.t("Watching the table"));
  const level = s.level;
  const give = s.choosable();
  const sel = new Set(s.ui.sel);
  const groups = handGroups(s.hand(), s.ui.mode, level);
  const order = groups.flat();
  if (s.ui.cursor === undefined || s.ui.cursor >= order.length) s.ui.cursor = Math.max(0, order.length - 1);
  const cards = [];
  let i = 0;
  for (const g of groups) {
    g.forEach((c, j) => {
      const dim = give !== null && !give.has(c);
      const extra = [j === 0 && i > 0 ? "gd-gstart" : "", sel.has(c) ? "gd-picked" : "", dim ? "gd-dim" : "",
        s.ui.keys && i === s.ui.cursor ? "gd-cursor" : ""].filter(Boolean).join(" ");
      cards.push(faceEl(t, c, level, {
        tag: "button",
        type: "button",
        class: extra,
        "data-action": "card",
        "data-card": c,
        "aria-label": cardText(t, c),
        "data-picked": sel.has(c) ? "1" : "0",
        "aria-pressed": sel.has(c) ? "true" : "false",
        // A mouse picks on press and drags across; a finger (or a key) picks on click.
        onpointerdown: (ev) => { if (ev.pointerType === "mouse" && ev.button === 0) s.press(c); },
        onpointerenter: (ev) => {
          if (ev.buttons === 1) s.drag(c);
          else s.ui.pressed = null;
        },
        onclick: () => {
          if (s.ui.pressed === c) s.ui.pressed = null;
          else s.tap(c);
          t.rerender();
        },
      }));
      i++;
    });
  }
  const words = { rank: "By rank", suit: "By suit", combos: "By combos" };
  const sorts = h("div", { class: "gd-sorts" }, h("span", { class: "gd-sortword" }, touch ? t.t("Sort:") : t.t("Sort (O):")),
    MODES.map((m) => h("button", {
      type: "button",
      class: `gd-sort${s.ui.mode === m ? " gd-on" : ""}`,
      "data-action": "sort",
      "data-mode": m,
      "aria-pressed": s.ui.mode === m ? "true" : "false",
      onclick: () => { s.sort(m); t.rerender(); },
    }, t.t(words[m]))));
  return h("div", { class: "gd-handbox" }, order.length ? sorts : null,
    h("div", { class: "gd-hand", "data-zone": "hand", "data-count": order.length }, cards));
}

function drawControls(s) {
  const t = s.table;
  const d = s.decision();
  const ui = s.ui;
  const out = h("div", { class: "gd-controls", "data-zone": "controls" });
  if (d === "play") {
    const opts = s.options();
    const notes = [];
    if (ui.sel.length) {
      notes.push(t.tn("{n} selected", "{n} selected", ui.sel.length));
      if (!opts.length) notes.push(t.t("no legal play with these cards"));
      else if (opts.length > 1 && touch) notes.push(t.t("several readings: tap one"));
      else if (opts.length > 1) notes.push(t.t("several readings: click one, or Tab / 1–{n}", { n: Math.min(9, opts.length) }));
    }
    let label;
    if (opts.length === 1) {
      const reading = playText(t, opts[0]);
      label = touch ? t.t("Play {reading}", { reading }) : t.t("Play {reading} (Enter)", { reading });
    } else label = touch ? t.t("Play") : t.t("Play (Enter)");
    const buttons = h("div", { class: "gd-buttons" },
      h("button", {
        type: "button", class: "gd-button gd-primary", "data-action": "play", disabled: !opts.length,
        onclick: () => { s.play(); t.rerender(); },
      }, label),
      h("button", {
        type: "button", class: "gd-button", "data-action": "pass", disabled: !s.canPass(),
        onclick: () => { s.pass(); t.rerender(); },
      }, touch ? t.t("Pass") : t.t("Pass (P)")),
      h("button", {
        type: "button", class: "gd-button", "data-action": "hint",
        onclick: () => { s.hint(); t.rerender(); },
      }, touch ? t.t("Hint") : t.t("Hint (H)")));
    out.append(buttons);
    if (opts.length > 1) {
      out.append(h("div", { class: "gd-readings", "data-zone": "readings" }, opts.map((a, i) => h("button", {
        type: "button",
        class: `gd-reading${i === ui.reading ? " gd-on" : ""}`,
        "data-action": "reading",
        "data-reading": i,
        "data-combo": a.combo,
        "aria-pressed": i === ui.reading ? "true" : "false",
        onclick: () => { ui.reading = i; t.rerender(); },
      }, `${i + 1}  ${playText(t, a)}`))));
    }
    if (ui.hintLabel) notes.unshift(ui.hintLabel);
    if (notes.length) out.append(h("div", { class: "gd-notes" }, notes.join(" · ")));
  } else if (d === "tribute" || d === "return") {
    const sel = ui.sel;
    let label;
    if (sel.length !== 1) label = t.t("Choose a card");
    else if (d === "tribute") {
      const fields = { card: cardText(t, sel[0]) };
      label = touch ? t.t("Give {card} as tribute", fields) : t.t("Give {card} as tribute (Enter)", fields);
    } else {
      const fields = { card: cardText(t, sel[0]), name: s.who(s.returnTo()) };
      label = touch ? t.t("Return {card} to {name}", fields) : t.t("Return {card} to {name} (Enter)", fields);
    }
    out.append(h("div", { class: "gd-buttons" }, h("button", {
      type: "button", class: "gd-button gd-primary", "data-action": d, disabled: sel.length !== 1,
      onclick: () => { s.give(); t.rerender(); },
    }, label)));
  }
  return out;
}

// -- keys
function onKey(ev, table) {
  const s = new Seat(table);
  s.reconcile();
  if (s.me === null || !s.v || s.v.over) return;
  const ui = s.ui;
  const d = s.decision();
  const give = s.choosable();
  const order = handGroups(s.hand(), ui.mode, s.level).flat();
  const key = ev.key;
  if (key === "o" || key === "O") s.sort(null);
  else if ((key === "ArrowLeft" || key === "ArrowRight") && order.length) {
    ui.keys = true;
    const step = key === "ArrowRight" ? 1 : -1;
    if (give !== null) {
      const can = order.filter((c) => give.has(c));
      const i = can.indexOf(ui.sel[0]);
      if (can.length) ui.sel = [can[(i + step + can.length) % can.length]];
    } else {
      if (ev.shiftKey && !ui.sel.includes(order[ui.cursor])) ui.sel = [...ui.sel, order[ui.cursor]];
      ui.cursor = (ui.cursor + step + order.length) % order.length;
      if (ev.shiftKey && !ui.sel.includes(order[ui.cursor])) ui.sel = [...ui.sel, order[ui.cursor]];
    }
  } else if (key === " " && order.length && give === null && ui.keys) {
    s.tap(order[ui.cursor]);
  } else if ((key === "ArrowUp" || key === "ArrowDown") && order.length && give === null) {
    ui.keys = true;
    const val = value(order[ui.cursor], s.level);
    const same = order.filter((c) => value(c, s.level) === val);
    ui.sel = key === "ArrowUp" ? [...new Set([...ui.sel, ...same])] : ui.sel.filter((c) => !same.includes(c));
  } else if (key === "Enter" && d !== null) {
    // Enter plays (or gives), as in the window, whichever button has the focus.
    if (give !== null) s.give(); else s.play();
  } else if ((key === "p" || key === "P") && d === "play") s.pass();
  else if ((key === "h" || key === "H") && d === "play") s.hint();
  else if (key === "Tab" && d === "play" && s.options().length > 1) ui.reading = (ui.reading + 1) % s.options().length;
  else if (/^[1-9]$/.test(key) && d === "play" && +key - 1 < s.options().length) ui.reading = +key - 1;
  else return;
  ev.preventDefault();
  table.rerender();
}

/** Draw the board into `root` from `table` (the contract in table.js). */
export function render(root, table) {
  linkCss("guandan");
  listenKeys(root, table, onKey);
  const v = table.view;
  root.replaceChildren();
  if (!v || v.lobby || !v.levels) return;
  const s = new Seat(table);
  s.reconcile();
  s.pendingHint();
  const d = s.decision();
  const error = s.ui.error ? h("div", { class: "gd-error", role: "alert", "data-zone": "error" }, s.ui.error) : null;
  root.append(h("div", {
    class: `gd${d ? " gd-deciding" : ""}${v.over ? " gd-over" : ""}`,
    "data-game": "guandan",
    "data-phase": v.phase,
    "data-deal": v.deal,
    "data-decision": d || "",
    "data-hinting": s.ui.hintWanted ? "1" : "0",
    // Moves with every action (tests wait on it): plays and passes, tribute, returns.
    "data-step": [(v.plays || []).length, (v.tribute || {}).paid?.length || 0,
      (v.tribute || {}).transfers?.length || 0, (v.tribute || {}).returns?.length || 0].join("."),
    "data-over": v.over ? "1" : "0",
  }, drawTop(s), h("div", { class: "gd-upper" }, infoLines(s), drawFelt(s)), error, drawHand(s), drawControls(s)));
}

/** The one obvious prompt (the shell's prompt line): scene.py status_line. */
export function status(table) {
  const v = table.view;
  if (!v || v.lobby || !v.levels) return "";
  const s = new Seat(table);
  s.reconcile();
  return s.status();
}

/** A seat panel's line: team mark, cards in hand, place once out. */
export function seatLine(table, seat) {
  const v = table.view;
  if (!v || !v.hand_counts) return "";
  const parts = [`${TEAM_MARKS[seat % 2]} ${table.tn("{n} card", "{n} cards", v.hand_counts[seat])}`];
  const place = (v.out || []).indexOf(seat);
  if (place >= 0) parts.push(table.t("out · {place}", { place: placeText(table, place + 1) }));
  return parts.join(" · ");
}

/** The results (scene.py summary): one row per team (the winners first) with its level,
 * and each team's level after every deal (the deal-end events seen). */
export function summary(table) {
  const v = table.view;
  if (!v || !v.levels) return null;
  const t = table;
  const s = new Seat(table);
  const me = s.me;
  const winners = v.winners || [];
  const levels = v.levels;
  const won = winners.length ? Math.min(...winners) % 2 : null;
  const teams = [0, 1].sort((a, b) => (a !== won) - (b !== won) || a - b);
  const deals = (table.story || []).filter((e) => e.type === "deal-end");
  const rows = teams.map((u) => ({
    name: [u, u + 2].map((p) => (p === me ? t.t("You") : s.name(p))).join(" & "),
    value: t.t("Team {n} · level {level}", { n: u + 1, level: levelText(levels[u]) }),
    winner: u === won,
    cells: deals.map((e) => levelText(e.levels[u])),
  }));
  const n = v.deal || deals.length;
  const sub = won !== null && levels[won] === 14
    ? t.tn("Guandan · the match was won at level A after {n} deal",
      "Guandan · the match was won at level A after {n} deals", n)
    : t.tn("Guandan · {n} deal · the higher level wins", "Guandan · {n} deals · the higher level wins", n);
  let headline;
  if (won === null) headline = t.t("Game over");
  else if (me !== null && winners.includes(me)) headline = t.t("Your team wins!");
  else headline = t.t("{name} wins!", { name: t.t("Team {n}", { n: won + 1 }) });
  return {
    headline,
    subtitle: sub,
    rows,
    columns: deals.map((e) => String(e.deal)),
    columnsTitle: t.t("Level after each deal"),
  };
}
