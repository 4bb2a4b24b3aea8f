/**
 * The Sequence Numbers table in the browser (mirrors client/tables/sequence_numbers/
 * scene.py, paint.py and faces.py; rules: assets/rules, sequence-numbers.md).
 *
 * The 10×10 board of answers (fitted to the screen; on a phone a zoom button makes the
 * spaces finger-sized and the board scrolls), chips in colour with a shape mark (locked
 * chips ringed), the sequences per colour, one row per player (cards in hand, discard
 * pile), the deck, the prompt, your hand and the dead-card / no-play buttons.
 *
 * Input (as the window): tap a card, the spaces it may take light up (from the legal
 * list), tap a lit space. With no card picked, tapping a space picks the equation card
 * that answers it. Keys on a laptop: 1–9 / Tab pick, arrows + Enter place, D trades in a
 * dead card, X discards when no card can be played.
 *
 * @typedef {{type: "chip"|"remove", card: string, row: number, col: number}
 *   | {type: "dead"|"discard", card: string}} Action
 *   A legal action: `chip` places a chip (an equation card or Plus), `remove` is Minus,
 *   `dead` trades in a dead card, `discard` throws a card when none can be played.
 * @typedef {Object} View  The seat's view (engine/sequence_numbers/view.py)
 */

import { linkCss, listenKeys, touch } from "../dom.js";
import { el as h } from "../table.js";

const SIZE = 10;
const GROUP_LABELS = ["1–9", "10–19", "20–29", "30–39", "40–48"];
const TEAM_GLYPHS = ["●", "■", "▲"];
const TEAM_NAMES = ["Red", "Blue", "Green"];

// The board's style loads at import (dom.js linkCss).
linkCss("sequence_numbers");

// -- card words
/** "12+7" → ["12", "+", "7"]; "30-11" → ["30", "−", "11"]; null for Plus and Minus. */
function splitFace(face) {
  for (const [op, shown] of [["+", "+"], ["-", "−"]]) {
    if (face.includes(op)) {
      const [a, b] = face.split(op);
      return [a, shown, b];
    }
  }
  return null;
}

/** A card's face in one line: "12 + 7", "30 − 11", "Plus", "Minus". */
function faceText(table, face) {
  const parts = splitFace(face);
  if (parts === null) return table.t(face === "plus" ? "Plus" : "Minus");
  return parts.join(" ");
}

/** The chip colour's name with its shape: "● Red". */
function teamName(table, colour) {
  return `${TEAM_GLYPHS[colour % 3]} ${table.t(TEAM_NAMES[colour % 3])}`;
}

/** A phone-sized screen (the board is fitted under 40 px a space). */
function narrow() {
  return typeof matchMedia === "function" && matchMedia("(max-width: 799px)").matches;
}

function groupOf(n) {
  return Math.min(4, Math.floor(n / 10));
}

// -- decisions
/** The seat's state and the decisions its legal list allows (scene.py's methods). */
class Seat {
  constructor(table) {
    this.table = table;
    this.v = table.view;
    this.ui = table.ui;
    this.me = table.seat;
    // While an action is in flight (or the link is down) nothing is lit.
    this.legal = table.busy ? [] : table.legal || [];
  }

  hand() {
    return this.me === null || this.me === undefined ? [] : this.v.hand || [];
  }

  /** Spaces at finger size: asked for (the zoom button), or a card is picked on a narrow
   * screen (where the fitted board's spaces are under 40 px). */
  zoomed() {
    if (this.ui.zoom !== undefined && this.ui.zoom !== null) return this.ui.zoom;
    return narrow() && this.deciding() && this.selected() !== null;
  }

  deciding() {
    return (
      this.me !== null && this.me !== undefined && !this.v.over && this.legal.length > 0 &&
      (this.v.awaiting || []).includes(this.me)
    );
  }

  choices(filter = {}) {
    return this.legal.filter((a) => Object.entries(filter).every(([k, v]) => a[k] === v));
  }

  /** Keep the picked card across renders (by face, like the window's on_reset). */
  reconcile() {
    const hand = this.hand();
    const ui = this.ui;
    if (ui.selFace == null || !hand.includes(ui.selFace) || !this.deciding()) {
      ui.sel = null;
      ui.selFace = null;
    } else if (ui.sel == null || hand[ui.sel] !== ui.selFace) {
      ui.sel = hand.indexOf(ui.selFace);
    }
    if (!ui.cursor) ui.cursor = [4, 4];
    // A refusal's words last until the table moves on.
    const step = `${this.v.turns}.${this.v.dead_used ? 1 : 0}`;
    if (ui.errorStep !== step) {
      ui.errorStep = step;
      ui.error = "";
    }
  }

  selected() {
    const hand = this.hand();
    const i = this.ui.sel;
    return i != null && i < hand.length ? hand[i] : null;
  }

  /** The spaces `face` may take now (a chip, or Minus: a chip to remove). */
  targetsFor(face) {
    return this.choices({ card: face }).filter((a) => "row" in a);
  }

  targets() {
    const face = this.selected();
    return face ? this.targetsFor(face) : [];
  }

  canPlay() {
    return this.choices({ type: "chip" }).length + this.choices({ type: "remove" }).length > 0;
  }

  stuck() {
    return this.deciding() && this.choices({ type: "discard" }).length > 0;
  }

  deadChoice() {
    if (!this.deciding()) return null;
    const face = this.selected();
    if (face && this.choices({ type: "dead", card: face }).length) return face;
    return this.hand().find((f) => this.choices({ type: "dead", card: f }).length) || null;
  }

  select(i) {
    const ui = this.ui;
    const hand = this.hand();
    ui.error = "";
    if (i == null || i >= hand.length || i === ui.sel) {
      ui.sel = null;
      ui.selFace = null;
      return;
    }
    ui.sel = i;
    ui.selFace = hand[i];
    const spots = this.targets().map((a) => [a.row, a.col]);
    const [r0, c0] = ui.cursor;
    if (spots.length && !spots.some(([r, c]) => r === r0 && c === c0)) {
      spots.sort((p, q) => Math.abs(p[0] - r0) + Math.abs(p[1] - c0) - (Math.abs(q[0] - r0) + Math.abs(q[1] - c0)));
      ui.cursor = spots[0];
    }
    ui.scrollTo = spots.length ? spots[0] : null;
  }

  send(action) {
    if (this.table.busy) return;
    this.table.act(action);
    this.ui.sel = null;
    this.ui.selFace = null;
    this.ui.error = "";
  }

  /** Play the picked card on (r, c): the legal action found in the list. */
  place(r, c) {
    const face = this.selected();
    if (face === null) {
      this.ui.error = this.pickFirst();
      return;
    }
    const action = this.targets().find((a) => a.row === r && a.col === c);
    if (!action) {
      this.ui.error = this.whyNot(face, r, c);
      return;
    }
    this.send(action);
  }

  /** Why `face` may not go on (r, c), in the window's words. */
  whyNot(face, r, c) {
    const v = this.v;
    const t = this.table;
    const chip = v.chips[r][c];
    if (face === "minus") {
      if (chip === null) return t.t("Minus removes an opponent chip: pick a space that holds one");
      if (chip === v.colour) return t.t("That chip is your own colour");
      return t.t("That chip is in a completed sequence: it can never be removed");
    }
    if (v.corners.some(([a, b]) => a === r && b === c)) {
      return t.t("A free corner takes no chip: it counts for everyone");
    }
    if (chip !== null) return t.t("That space is already covered");
    return t.t("{card} does not make {n}: pick a lit space", {
      card: faceText(t, face),
      n: v.board[r][c],
    });
  }

  clickSpace(r, c) {
    this.ui.cursor = [r, c];
    if (!this.deciding()) return;
    if (this.ui.sel != null) {
      this.place(r, c);
      return;
    }
    const hand = this.hand();
    for (let i = 0; i < hand.length; i++) {
      const face = hand[i];
      if (face !== "plus" && face !== "minus" &&
          this.targetsFor(face).some((a) => a.row === r && a.col === c)) {
        this.select(i);
        return;
      }
    }
    this.ui.error = this.pickFirst();
  }

  /** "Pick a card first", with the window's keys on a laptop. */
  pickFirst() {
    return touch ? this.table.t("Pick a card first") : this.table.t("Pick a card first (click it, or 1–5 / Tab)");
  }

  tradeDead() {
    const face = this.deadChoice();
    if (face === null) {
      this.ui.error = this.table.t("No dead card to trade in (a card is dead when both spaces of its answer are covered)");
      return;
    }
    this.send(this.choices({ type: "dead", card: face })[0]);
  }

  discardStuck() {
    const face = this.selected();
    if (!this.stuck()) {
      this.ui.error = this.table.t("A card can still be played: a card is discarded only when none can");
    } else if (face === null) {
      this.ui.error = this.table.t("Pick the card to discard first");
    } else {
      this.send(this.choices({ type: "discard", card: face })[0]);
    }
  }

  name(seat) {
    const s = (this.table.seats || [])[seat];
    return (s && s.name) || `${seat + 1}`;
  }

  /** The window's status_line: the one obvious prompt. */
  status() {
    const v = this.v;
    const t = this.table;
    if (v.over) {
      if (v.draw) return t.t("The cards ran out: a draw");
      const winners = v.winners && v.winners.length ? v.winners : [0];
      if (v.teams < v.players) {
        return t.t("Team {team} wins!", { team: teamName(t, v.colours[winners[0]]) });
      }
      if (winners[0] === this.me) return t.t("You win!");
      return t.t("{name} wins!", { name: this.name(winners[0]) });
    }
    if (!this.deciding()) {
      return t.t("{name} is playing…", { name: v.turn === this.me ? t.t("You") : this.name(v.turn) });
    }
    const n = this.hand().length;
    const face = this.selected();
    if (face === null) {
      if (this.stuck()) {
        return touch ? t.t("No card can be played: pick one to discard, then tap Discard")
          : t.t("No card can be played: pick one to discard, then X or the button");
      }
      const dead = this.deadChoice();
      if (dead) {
        const card = faceText(t, dead);
        return touch ? t.t("Your turn. {card} is dead (both its spaces are covered): tap Trade in, or pick a card", { card })
          : t.t("Your turn. {card} is dead (both its spaces are covered): press D to trade it in, or pick a card", { card });
      }
      return touch ? t.t("Your turn: pick a card, then tap a lit space")
        : t.t("Your turn: pick a card (click, 1–{n} or Tab), then click a lit space (or arrows + Enter)", { n });
    }
    const card = faceText(t, face);
    if (this.stuck()) {
      return touch ? t.t("No card can be played: tap Discard {card}", { card })
        : t.t("Discard {card} with X: no card can be played", { card });
    }
    if (this.choices({ type: "dead", card: face }).length) {
      return touch ? t.t("{card} is dead: both its spaces are covered. Tap Trade in for a new card", { card })
        : t.t("{card} is dead: both its spaces are covered. Press D to trade it in for a new card", { card });
    }
    if (face === "plus") {
      return touch ? t.t("Plus: tap any open space to place a chip")
        : t.t("Plus: place a chip on any open space (click, or arrows + Enter)");
    }
    if (face === "minus") {
      if (!this.targets().length) return t.t("Minus: no opponent chip can be removed now; pick another card");
      return touch ? t.t("Minus: tap an opponent chip to remove it (ringed chips are locked)")
        : t.t("Minus: click an opponent chip to remove it (ringed chips are locked)");
    }
    if (!this.targets().length) {
      return t.t("{card}: both spaces are covered; pick another card", { card });
    }
    return touch ? t.t("{card}: tap a lit space to place a chip", { card })
      : t.t("{card}: place a chip on a lit space (click, or arrows + Enter)", { card });
  }
}

// -- drawing
function chipEl(colour, locked) {
  return h("span", { class: `sn-chip sn-c${colour % 3}${locked ? " sn-locked" : ""}`, "data-chip": colour },
    TEAM_GLYPHS[colour % 3]);
}

function drawTop(s) {
  const t = s.table;
  const v = s.v;
  const goal = t.tn("{n} sequence wins", "{n} sequences win", v.needed);
  return h("div", { class: "sn-top" },
    h("span", { class: "sn-title" }, t.t("Sequence Numbers · Turn {n}", { n: v.turns + 1 })),
    h("span", { class: "sn-goal" }, goal));
}

function drawSequences(s) {
  const t = s.table;
  const v = s.v;
  const out = h("div", { class: "sn-seqs", "data-zone": "sequences" }, h("b", {}, t.t("Sequences:")));
  for (let colour = 0; colour < v.teams; colour++) {
    const n = v.sequence_counts[colour];
    out.append(h("span", { class: `sn-seqcount${n ? " sn-gold" : ""}`, "data-colour": colour },
      chipEl(colour, false),
      t.t("{team} {n} of {needed}", { team: t.t(TEAM_NAMES[colour % 3]), n, needed: v.needed })));
  }
  return out;
}

function drawBoard(s) {
  const t = s.table;
  const v = s.v;
  const face = s.deciding() ? s.selected() : null;
  const lit = new Map(s.targets().map((a) => [a.row * SIZE + a.col, a]));
  const parts = face ? splitFace(face) : null;
  const answer = parts ? (parts[1] === "+" ? +parts[0] + +parts[2] : +parts[0] - +parts[2]) : null;
  const inSeq = new Set();
  for (const seqs of v.sequences) for (const seq of seqs) for (const [r, c] of seq) inSeq.add(r * SIZE + c);
  const grid = h("div", { class: `sn-board${face ? " sn-picking" : ""}`, "data-zone": "board" });
  const [cr, cc] = s.ui.cursor;
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const n = v.board[r][c];
      const chip = v.chips[r][c];
      const k = r * SIZE + c;
      const cls = ["sn-space"];
      if (n === 0) cls.push("sn-free");
      else cls.push(`sn-g${groupOf(n)}`);
      if (chip !== null) cls.push("sn-covered");
      if (lit.has(k)) cls.push(face === "minus" ? "sn-lit sn-lit-minus" : "sn-lit");
      else if (face) {
        cls.push("sn-veiled");
        if (answer !== null && n === answer) cls.push("sn-answer");
      }
      if (inSeq.has(k)) cls.push("sn-inseq");
      if (s.ui.keys && s.deciding() && r === cr && c === cc) cls.push("sn-cursor");
      const kids = [];
      if (n === 0) {
        const word = t.t("FREE"); // "SZABAD" needs a smaller size to fit the corner
        kids.push(h("span", { class: "sn-star" }, "★"), h("span", { class: `sn-freeword${word.length > 5 ? " sn-long" : ""}` }, word));
      } else {
        kids.push(h("span", { class: "sn-num" }, n));
      }
      if (chip !== null) kids.push(chipEl(chip, v.locked[r][c]));
      grid.append(h("button", {
        type: "button",
        class: cls.join(" "),
        "data-action": "space",
        "data-row": r,
        "data-col": c,
        "data-number": n,
        "data-lit": lit.has(k) ? "1" : null,
        onclick: () => { s.clickSpace(r, c); t.rerender(); },
      }, kids));
    }
  }
  const zoom = h("button", {
    type: "button",
    class: "sn-zoom",
    "data-action": "zoom",
    "aria-pressed": s.zoomed() ? "true" : "false",
    onclick: () => {
      s.ui.zoom = !s.zoomed();
      const lit = s.targets();
      s.ui.scrollTo = lit.length ? [lit[0].row, lit[0].col] : null;
      t.rerender();
    },
  }, s.zoomed() ? t.t("Zoom out") : t.t("Zoom in")); // words: a lone "+" read as the PLUS card
  const wrap = h("div", { class: "sn-boardwrap" }, grid);
  return h("div", { class: "sn-boardbox" }, h("div", { class: "sn-boardbar" }, drawTop(s), zoom), wrap);
}

function drawLegend(s) {
  const t = s.table;
  const out = h("div", { class: "sn-legend" }, h("b", {}, t.t("Groups:")));
  GROUP_LABELS.forEach((label, i) => out.append(h("span", { class: `sn-tag sn-g${i}` }, label)));
  out.append(h("span", { class: "sn-lockkey" }, chipEl(0, true), t.t("ringed = locked in a sequence")));
  return out;
}

function drawSeats(s) {
  const t = s.table;
  const v = s.v;
  const teams = v.teams < v.players;
  const out = h("div", { class: "sn-seats", "data-zone": "players" });
  for (let seat = 0; seat < v.players; seat++) {
    const turn = seat === v.turn && !v.over;
    const colour = v.colours[seat];
    let sub = t.tn("{n} card", "{n} cards", v.hand_sizes[seat]);
    if (teams) sub = t.t("{cards} · team {team}", { cards: sub, team: teamName(t, colour) });
    const pile = v.discards[seat];
    const name = seat === s.me ? t.t("You") : s.name(seat);
    out.append(h("div", {
      class: `sn-seat${seat === s.me ? " sn-me" : ""}${turn ? " sn-turn" : ""}`,
      "data-seat": seat,
      "data-hand-size": v.hand_sizes[seat],
    },
      chipEl(colour, false),
      h("span", { class: "sn-who" },
        h("span", { class: "sn-name" }, (turn ? "▶ " : "") + name),
        h("span", { class: "sn-sub" }, sub)),
      h("span", { class: "sn-pilecount" }, t.tn("{n} discard", "{n} discards", pile.length)),
      pile.length
        ? h("span", { class: `sn-mini${splitFace(pile[pile.length - 1]) ? "" : ` sn-${pile[pile.length - 1]}`}`, "data-discard": pile[pile.length - 1] },
          faceText(t, pile[pile.length - 1]))
        : h("span", { class: "sn-mini sn-empty" }, "")));
  }
  const limit = v.reshuffle_limit;
  const deck = limit === null || limit === undefined
    ? t.tn("Deck: {n} · reshuffled {r} time", "Deck: {n} · reshuffled {r} times", v.reshuffles, { n: v.deck_size, r: v.reshuffles })
    : t.tn("Deck: {n} · reshuffled {r} of {limit} time", "Deck: {n} · reshuffled {r} of {limit} times", limit, { n: v.deck_size, r: v.reshuffles, limit });
  out.append(h("div", { class: "sn-deck", "data-zone": "deck" }, h("span", { class: "sn-back" }), deck));
  return out;
}

function cardEl(s, face, i) {
  const t = s.table;
  const parts = splitFace(face);
  const dead = (s.v.dead || []).includes(face);
  const cls = ["sn-card"];
  if (!parts) cls.push(`sn-${face}`);
  if (dead) cls.push("sn-dead");
  if (s.deciding() && i === s.ui.sel) cls.push("sn-selected");
  const kids = [];
  if (parts) {
    kids.push(h("span", { class: "sn-eq" },
      h("span", { class: "sn-a" }, parts[0]),
      h("span", { class: "sn-b" }, h("i", { class: parts[1] === "−" ? "sn-minus-op" : "sn-plus-op" }, parts[1]), parts[2]),
      h("span", { class: "sn-q" }, "?")));
  } else {
    kids.push(h("span", { class: "sn-sign" }, face === "plus" ? "+" : "−"),
      h("span", { class: "sn-word" }, t.t(face === "plus" ? "PLUS" : "MINUS")),
      h("span", { class: "sn-hint" }, t.t(face === "plus" ? "any open space" : "remove a chip")));
  }
  if (dead) kids.push(h("span", { class: "sn-deadtag" }, t.t("DEAD")));
  if (s.deciding()) kids.push(h("span", { class: "sn-key" }, i + 1));
  return h("button", {
    type: "button",
    class: cls.join(" "),
    "data-action": "pick",
    "data-card": face,
    "aria-label": faceText(t, face),
    "data-index": i,
    "aria-pressed": i === s.ui.sel ? "true" : "false",
    disabled: !s.deciding(),
    onclick: () => { s.select(i); t.rerender(); },
  }, kids);
}

function drawHand(s) {
  const t = s.table;
  if (s.me === null || s.me === undefined) {
    return h("div", { class: "sn-handbox sn-watching" }, t.t("Watching the table"));
  }
  const hand = s.hand();
  const out = h("div", { class: "sn-handbox" },
    h("div", { class: "sn-handlabel" },
      touch ? t.t("Your hand") : t.t("Your hand · 1–{n} or Tab to pick", { n: Math.max(1, hand.length) })),
    h("div", { class: "sn-hand", "data-zone": "hand" }, hand.map((f, i) => cardEl(s, f, i))));
  if (!s.deciding()) return out;
  const buttons = h("div", { class: "sn-buttons" });
  const dead = s.deadChoice();
  if (dead) {
    buttons.append(h("button", {
      type: "button", class: "sn-button", "data-action": "dead", "data-card": dead,
      onclick: () => { s.tradeDead(); t.rerender(); },
    }, touch ? t.t("Trade in dead {card}", { card: faceText(t, dead) })
      : t.t("Trade in dead {card} [D]", { card: faceText(t, dead) })));
  }
  if (s.stuck()) {
    const face = s.selected();
    buttons.append(face
      ? h("button", {
        type: "button", class: "sn-button", "data-action": "discard", "data-card": face,
        onclick: () => { s.discardStuck(); t.rerender(); },
      }, touch ? t.t("Discard {card}: no play", { card: faceText(t, face) })
        : t.t("Discard {card}: no play [X]", { card: faceText(t, face) }))
      : h("button", { type: "button", class: "sn-button", "data-action": "discard", disabled: true },
        t.t("Pick a card to discard")));
  } else if (s.canPlay() && s.selected() === null && !dead && !touch) {
    buttons.append(h("span", { class: "sn-keys" }, t.t("D: trade in a dead card · X: discard when stuck")));
  }
  out.append(buttons);
  return out;
}

// -- keys
function onKey(ev, table) {
  const s = new Seat(table);
  s.reconcile();
  if (!s.deciding()) return;
  const hand = s.hand();
  const ui = s.ui;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (ev.key in arrows) {
    const [dr, dc] = arrows[ev.key];
    ui.cursor = [(ui.cursor[0] + dr + SIZE) % SIZE, (ui.cursor[1] + dc + SIZE) % SIZE];
    ui.keys = true;
  } else if (/^[1-9]$/.test(ev.key)) {
    const i = +ev.key - 1;
    if (i < hand.length) s.select(i);
    ui.keys = true; // a keyboard player: the cursor shows, Enter places there
  } else if (ev.key === "Tab" && hand.length) {
    ui.keys = true;
    const step = ev.shiftKey ? -1 : 1;
    const start = ui.sel != null ? ui.sel : step > 0 ? -1 : 0;
    s.select((start + step + hand.length) % hand.length);
  } else if (ev.key === "Enter" || ev.key === " ") {
    if (!ui.keys) return; // a tap's focus + Enter belongs to the focused button
    s.place(ui.cursor[0], ui.cursor[1]);
  } else if (ev.key === "d" || ev.key === "D") {
    s.tradeDead();
  } else if (ev.key === "x" || ev.key === "X") {
    s.discardStuck();
  } else {
    return;
  }
  ev.preventDefault();
  table.rerender();
}

/** Draw the board into `root` from `table` (the contract in table.js). */
export function render(root, table) {
  linkCss("sequence_numbers");
  listenKeys(root, table, onKey);
  const v = table.view;
  // The zoomed board's scroll survives a render (the board is drawn anew each time).
  const oldWrap = root.querySelector(".sn-boardwrap");
  const kept = oldWrap ? [oldWrap.scrollLeft, oldWrap.scrollTop] : null;
  root.replaceChildren();
  if (!v || v.lobby || !v.board) return;
  const s = new Seat(table);
  s.reconcile();
  const ui = s.ui;
  const deciding = s.deciding();
  const error = ui.error ? h("div", { class: "sn-error", "data-zone": "error", role: "alert" }, ui.error) : null;
  const info = h("div", { class: "sn-info" }, drawSequences(s), drawSeats(s), drawLegend(s));
  const page = h("div", {
    class: `sn${s.zoomed() ? " sn-zoomed" : ""}${deciding ? " sn-deciding" : ""}${v.over ? " sn-over" : ""}`,
    "data-game": "sequence-numbers",
    "data-turn": v.turn,
    "data-over": v.over ? "1" : "0",
    "data-decision": deciding ? "1" : "0",
    // Moves with every action (tests wait on it): turns, the dead-card trade, discards.
    "data-step": `${v.turns}.${v.dead_used ? 1 : 0}.${v.discards.reduce((n, p) => n + p.length, 0)}.${v.deck_size}`,
  }, drawBoard(s), h("div", { class: "sn-play" }, error, drawHand(s)), info);
  root.append(page);
  if (kept) {
    const wrap = page.querySelector(".sn-boardwrap");
    [wrap.scrollLeft, wrap.scrollTop] = kept;
  }
  if (ui.scrollTo && s.zoomed()) {
    const [r, c] = ui.scrollTo;
    const cell = page.querySelector(`[data-row="${r}"][data-col="${c}"]`);
    if (cell) cell.scrollIntoView({ block: "nearest", inline: "center" });
  }
  ui.scrollTo = null;
}

/** The one obvious prompt (the shell's prompt line): scene.py status_line. */
export function status(table) {
  const v = table.view;
  if (!v || v.lobby || !v.board) return "";
  const s = new Seat(table);
  s.reconcile();
  return s.status();
}

/** A seat panel's line: its chip colour and cards in hand. */
export function seatLine(table, seat) {
  const v = table.view;
  if (!v || !v.colours) return "";
  const cards = table.tn("{n} card", "{n} cards", v.hand_sizes[seat]);
  return `${teamName(table, v.colours[seat])} · ${cards}`;
}

/** The results (scene.py summary): the sequences of each colour, the winning colour
 * first; one row per team at 4 and 6 players, else one per player. */
export function summary(table) {
  const v = table.view;
  if (!v || !v.colours) return null;
  const t = table;
  const me = table.seat;
  const names = table.names || [];
  const winners = new Set(v.winners || []);
  const subtitle = v.draw
    ? t.t("The cards ran out: a draw")
    : t.tn("Sequence Numbers · {n} sequence wins", "Sequence Numbers · {n} sequences win", v.needed);
  const colours = v.colours;
  const counts = v.sequence_counts;
  const teams = new Set(colours).size < colours.length;
  const groups = new Map();
  for (let s = 0; s < names.length; s++) {
    const k = teams ? colours[s] : s;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(s);
  }
  const order = [...groups.values()].sort((a, b) => {
    const wa = a.some((s) => winners.has(s)) ? 0 : 1;
    const wb = b.some((s) => winners.has(s)) ? 0 : 1;
    return wa - wb || counts[colours[b[0]]] - counts[colours[a[0]]] || colours[a[0]] - colours[b[0]] || a[0] - b[0];
  });
  const rows = order.map((g) => {
    const c = colours[g[0]];
    const n = counts[c];
    const who = g.map((s) => (s === me ? t.t("You") : String(names[s] || "").split(" (")[0])).join(" & ");
    return {
      name: who,
      value: t.tn("{team} · {n} sequence", "{team} · {n} sequences", n, { team: teamName(t, c) }),
      winner: g.some((s) => winners.has(s)),
      cells: [],
    };
  });
  let headline;
  if (teams && winners.size) {
    const team = teamName(t, colours[Math.min(...winners)]);
    headline = me !== null && winners.has(me) ? t.t("Your team wins!") : t.t("Team {team} wins!", { team });
  } else if (me !== null && winners.has(me)) headline = t.t("You win!");
  else if (!winners.size) headline = t.t("Game over");
  else {
    const who = [...winners].sort((a, b) => a - b).map((s) => String(names[s] || "?").split(" (")[0]);
    headline = who.length === 1
      ? t.t("{name} wins!", { name: who[0] })
      : t.t("{names} and {last} win!", { names: who.slice(0, -1).join(", "), last: who[who.length - 1] });
  }
  return { headline, subtitle, rows, columns: [] };
}
