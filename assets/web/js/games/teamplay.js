/**
 * Teamplay's table in the browser (mirrors client/tables/teamplay/): every player with
 * their card count and own missions, the general mission, the bank, the draw pile and
 * the discards, the sides' points, your hand and the turn's buttons (teamplay.md).
 *
 * Input, as in the window: tap cards to select them (again: unselect). Your missions
 * the selection completes turn gold (blue: part of a completion; green: the hand could
 * complete it); tap a gold mission or Complete. Tap a bank card or the draw pile to
 * draw (two a turn, around completions as you like); Give to partner sends the 1 or 2
 * selected cards face down (teams, once a turn); End turn once both cards are drawn.
 * Over the hand limit at the start of a turn: select the cards, then Discard. A newly
 * drawn mission: Keep it, or Swap for the next (once). Tap any mission to read it. On a
 * keyboard: 1–3 bank, D draw pile, C complete, G give, E end turn, K keep, R swap,
 * Enter complete / discard, Backspace clear.
 *
 * @typedef {Object} TeamplayView engine/teamplay/view.py `build`
 * @typedef {{type: "draw", from: "deck"}|{type: "draw", from: "bank", card: number}|
 *   {type: "complete", mission: string, cards: number[]}|{type: "give", cards: number[]}|
 *   {type: "discard", card: number}|{type: "keep"}|{type: "reject"}|{type: "end-turn"}}
 *   TeamplayAction
 */

import { fmt } from "../i18n.js";
import { bare, hearKeys, linkCss, matching, prompt, say, touch } from "../dom.js";
import { el } from "../table.js";

/**
 * Mission id → [cards it takes (null: any number), its text]: the words the window
 * shows (engine/teamplay/missions.py TABLE; msgids of the catalogue). The view names
 * missions by id and gives their points (`vp`); tests/web/test_teamplay.py checks this
 * table against the engine's.
 */
export const MISSION_TEXT = {
  S5: [null, "any number of cards, any colour, summing to exactly 12"],
  P1: [2, "a pair, any colour"],
  P11: [2, "a pair, same colour"],
  P2: [4, "2 different pairs, any colour"],
  H3: [3, "3 low cards (1–3), any colour"],
  R11: [5, "a pair + 3 consecutive (5 cards), any colour"],
  C1: [5, "5 cards of one colour"],
  S6: [2, "2 cards summing to 15, any colour"],
  S2: [3, "3 blue: two sum to the third"],
  S1: [3, "3 red: two sum to the third (e.g. 1 + 5 = 6)"],
  R6: [3, "3 consecutive, same colour"],
  R4: [4, "4 consecutive, any colour"],
  T1: [3, "three of a kind, any colour"],
  P10: [2, "a blue pair of an even number"],
  P9: [2, "a red pair of an odd number"],
  P7: [4, "2 different even pairs, any colour"],
  P6: [4, "2 different odd pairs, any colour"],
  F1: [5, "three of a kind + a pair, any colour"],
  T2: [3, "three of a kind of an odd number"],
  T3: [3, "three of a kind of an even number"],
  R3: [5, "5 consecutive, any colour"],
  O1: [4, "4 odd cards, same colour"],
  H2: [3, "3 blue high cards (6–8)"],
  O3: [4, "4 even cards, same colour"],
  R10: [4, "2, 4, 6, 8, any colour"],
  O4: [4, "4 low cards (1–4), same colour"],
  R9: [4, "1, 3, 5, 7, any colour"],
  S4: [3, "3 blue cards summing to 20"],
  T6: [4, "a red pair + a blue pair of different numbers"],
  S3: [3, "3 red cards summing to 7 (e.g. 3 + 2 + 2)"],
  C2: [6, "6 cards of one colour"],
  R5: [4, "4 consecutive, same colour"],
  R8: [3, "5, 6, 7, same colour"],
  P3: [6, "3 different pairs, any colour"],
  O2: [4, "4 odd red cards"],
  P5: [4, "2 different blue pairs"],
  P4: [4, "2 different red pairs"],
  R7: [6, "6 consecutive, any colour"],
  T4: [4, "four of a kind, any colour"],
  H4: [4, "4 red low cards (1–3)"],
  H1: [4, "4 blue high cards (6–8)"],
  T5: [4, "one number as a red pair and a blue pair"],
  P8: [6, "3 different pairs, all odd or all even"],
  R1: [5, "5 consecutive, red"],
  F2: [5, "three of a kind + a pair, same colour"],
  R2: [5, "5 consecutive, blue"],
};

const TEAM_LETTERS = "ABCDEF";
/** The table last drawn (the queued discards go on from the newest one). */
let shown = null;

function sameCards(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// The board's style starts loading as soon as the shell imports this module (at boot,
// before the lobby), so the first table is drawn styled.
if (typeof document !== "undefined") linkCss("teamplay");

/** A number card's value (1..8) and colour (0 red, 1 blue): the face, not a rule. */
const valueOf = (c) => Math.floor(c / 8) + 1;
const colourOf = (c) => Math.floor(c / 4) % 2;

function cardLabel(table, c) {
  return fmt(colourOf(c) === 0 ? table.t("{n} red") : table.t("{n} blue"), { n: valueOf(c) });
}

function who(table, seat, full = false) {
  if (seat === table.seat) return table.t("You");
  const name = String((table.names || [])[seat] || "?");
  return full ? name : name.split(" (")[0];
}

/** Everything the table needs, worked out once per render (the window's helpers). */
function facts(table) {
  const v = table.view;
  const legal = table.legal || [];
  const me = table.seat;
  const ui = table.ui;
  ui.selected = (ui.selected || []).filter((c) => (v.hand || []).includes(c));
  ui.discards = ui.discards || [];
  const seated = me !== null && me !== undefined && me >= 0 && me < v.players;
  const deciding = seated && !v.over && !table.busy && legal.length > 0 && !ui.discards.length;
  let mode = null;
  if (deciding) {
    if (matching(legal, { type: "keep" }).length) mode = "fresh";
    else if (matching(legal, { type: "discard" }).length) mode = "discard";
    else mode = "play";
  }
  const places = seated ? ["general", ...v.own[me].map((_m, i) => "own/" + i)] : [];
  const missionAt = (place, seat = me) =>
    place === "general" ? v.general : (v.own[seat] || [])[Number(place.split("/")[1])] ?? null;
  const optionsFor = (place) => {
    const m = missionAt(place);
    if (!m || !places.includes(place)) return [];
    return matching(legal, { type: "complete", mission: m }).map((a) => a.cards);
  };
  const sel = [...ui.selected].sort((a, b) => a - b);
  /** "exact" | "partial" | "ready" | null: the live highlight of one of your missions. */
  const missionState = (place) => {
    if (mode !== "play") return null;
    const opts = optionsFor(place);
    if (!opts.length) return null;
    if (!sel.length) return "ready";
    if (opts.some((o) => sameCards(o, sel))) return "exact";
    if (opts.some((o) => sel.every((c) => o.includes(c)))) return "partial";
    return null;
  };
  const exact = places.filter((p) => missionState(p) === "exact");
  return {
    v, legal, me, ui, seated, deciding, mode, places, missionAt, optionsFor, missionState, exact, sel,
    canDraw: (src) => mode === "play" && matching(legal, src ? { type: "draw", from: src } : { type: "draw" }).length > 0,
    canEnd: mode === "play" && matching(legal, { type: "end-turn" }).length > 0,
    canGive: mode === "play" && matching(legal, { type: "give" }).length > 0,
    canReject: matching(legal, { type: "reject" }).length > 0,
  };
}

// -- actions
function toggle(table, f, c) {
  const ui = table.ui;
  if (ui.selected.includes(c)) ui.selected = ui.selected.filter((x) => x !== c);
  else if (f.mode === "discard" && ui.selected.length >= f.v.must_discard) {
    const n = f.v.must_discard;
    say(table, fmt(table.tn("Discard exactly {n} card", "Discard exactly {n} cards", n), { n }));
    return;
  } else ui.selected = [...ui.selected, c];
  table.rerender();
}

function take(table, f, src, i = 0) {
  const t = table.t;
  const v = f.v;
  if (!v.draws_left) {
    say(table, t("Both cards are drawn this turn"));
    return;
  }
  if (src === "bank") {
    const action = i < v.bank.length ? matching(f.legal, { type: "draw", from: "bank", card: v.bank[i] })[0] : null;
    if (!action) say(table, t("No card there in the bank"));
    else table.act(action);
  } else if (!f.canDraw("deck")) {
    say(table, t("The draw pile and the discards are empty"));
  } else {
    table.act(matching(f.legal, { type: "draw", from: "deck" })[0]);
  }
}

/** Complete the mission at `place` (default: the focused one, else the one the
 * selection completes) with the selected cards, or say why not. */
function complete(table, f, place = null) {
  const t = table.t;
  const ui = table.ui;
  if (place === null) place = f.exact.includes(ui.focus) ? ui.focus : f.exact[0] ?? null;
  if (!f.sel.length) {
    say(table, touch ? t("Tap the cards to select them first") : t("Select the cards first (click them, or ←/→ and Space)"));
    return;
  }
  if (place === null || !f.exact.includes(place)) {
    if (place !== null && !f.places.includes(place)) {
      say(table, t("Only the general mission and your own can be completed"));
    } else {
      say(table, t("The selected cards complete none of your missions exactly"));
    }
    return;
  }
  const m = f.missionAt(place);
  const action = matching(f.legal, { type: "complete", mission: m }).find((a) => sameCards(a.cards, f.sel));
  ui.selected = [];
  ui.focus = null; // that place gets a new mission
  table.act(action);
}

function give(table, f) {
  const t = table.t;
  const v = f.v;
  if (!v.has_teams) say(table, t("Everybody plays alone: no gifts"));
  else if (v.gave) say(table, t("You gave cards to your partner already this turn"));
  else if (!(f.sel.length >= 1 && f.sel.length <= 2)) say(table, t("Select 1 or 2 cards to give to your partner"));
  else {
    const action = matching(f.legal, { type: "give" }).find((a) => sameCards(a.cards, f.sel));
    if (!action) return;
    table.ui.selected = [];
    table.act(action);
  }
}

function discard(table, f) {
  const n = f.v.must_discard;
  if (f.sel.length !== n) {
    say(table, fmt(table.tn("Select {n} card to discard", "Select {n} cards to discard", n), { n }));
    return;
  }
  // One discard action a card, in order: each one after the host took the last.
  table.ui.discards = [...table.ui.selected];
  table.ui.selected = [];
  sendDiscards(table);
}

/** Send the next queued discard once the last one is answered (called after renders). */
function sendDiscards(table) {
  const ui = table.ui;
  if (!ui.discards || !ui.discards.length || table.busy) return;
  const c = ui.discards.shift();
  const action = matching(table.legal, { type: "discard", card: c })[0];
  if (!action) {
    ui.discards = [];
    table.rerender();
    return;
  }
  table.act(action);
}

function endTurn(table, f) {
  if (!f.canEnd) {
    const n = f.v.draws_left;
    const line = touch
      ? table.tn("Draw {n} more card first (bank or pile)", "Draw {n} more cards first (bank or pile)", n)
      : table.tn("Draw {n} more card first (bank 1–3 or pile D)", "Draw {n} more cards first (bank 1–3 or pile D)", n);
    say(table, fmt(line, { n }));
    return;
  }
  table.ui.selected = [];
  table.act({ type: "end-turn" });
}

function decideFresh(table, f, keep) {
  if (!keep && !f.canReject) {
    say(table, table.t("The mission pile is empty: the new mission stays"));
    return;
  }
  table.act({ type: keep ? "keep" : "reject" });
}

/** A tap on a mission: read it; with cards selected, complete it (the window's click). */
function tapMission(table, f, place, seat) {
  const ui = table.ui;
  const key = seat === f.me || place === "general" ? place : `${seat}:${place}`;
  if (f.mode === "play" && place !== null && f.places.includes(key) && ui.selected.length) {
    ui.focus = key;
    complete(table, f, key);
    return;
  }
  ui.focus = ui.focus === key ? null : key;
  table.rerender();
}

/** A key on the board (dom.js hearKeys: not while typing or reading an overlay). */
function onKey(event, table) {
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const f = facts(table);
  if (!f.mode) return;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  if (f.mode === "fresh") {
    if (key === "K" || key === "Enter") decideFresh(table, f, true);
    else if (key === "R") decideFresh(table, f, false);
    else return;
  } else if (key === "Backspace") {
    table.ui.selected = [];
    table.rerender();
  } else if (f.mode === "discard") {
    if (key === "Enter" || key === "X") discard(table, f);
    else return;
  } else if (key === "1" || key === "2" || key === "3") take(table, f, "bank", Number(key) - 1);
  else if (key === "D") take(table, f, "deck");
  else if (key === "C" || key === "Enter") complete(table, f);
  else if (key === "G") give(table, f);
  else if (key === "E") endTurn(table, f);
  else return;
  event.preventDefault();
}

// -- prompt
function statusLine(table, f) {
  const t = table.t;
  const v = f.v;
  if (v.over) return t("Game over");
  const mine = f.seated && v.awaiting.includes(f.me);
  if (!mine) {
    const name = who(table, v.turn_seat, true);
    if (v.phase === "setup") return fmt(t("{name} looks at their mission: keep it or swap it once…"), { name });
    return fmt(t("{name} is playing…"), { name });
  }
  if (!f.mode) return "";
  if (f.mode === "fresh") {
    const m = freshMission(v);
    if (v.phase === "setup") {
      return fmt(touch ? t("Set-up: keep your mission {id} or swap it once for the next, which you must keep")
        : t("Set-up: keep your mission {id} (K) or swap it once for the next (R), which you must keep"), { id: m });
    }
    return fmt(touch ? t("New mission {id}: keep it or swap it once for the next")
      : t("New mission {id}: keep it (K) or swap it once for the next (R)"), { id: m });
  }
  if (f.mode === "discard") {
    const n = v.must_discard;
    const line = touch
      ? table.tn("Hand limit {limit}: select {n} card to discard, then tap Discard",
        "Hand limit {limit}: select {n} cards to discard, then tap Discard", n)
      : table.tn("Hand limit {limit}: select {n} card to discard, then press Enter",
        "Hand limit {limit}: select {n} cards to discard, then press Enter", n);
    return fmt(line, { limit: v.hand_limit, n });
  }
  if (f.exact.length) {
    const m = f.missionAt(f.exact[0]);
    const vp = v.vp[m];
    const points = fmt(table.tn("{n} point", "{n} points", vp), { n: vp });
    return fmt(touch ? t("These cards complete {id} ({points}): tap Complete or the gold mission")
      : t("These cards complete {id} ({points}): press C or click the gold mission"), { id: m, points });
  }
  const left = v.draws_left;
  if (f.sel.length && f.places.some((p) => f.missionState(p) === "partial")) {
    return touch ? t("Part of a mission (blue): keep selecting, or give / draw")
      : t("Part of a mission (blue): keep selecting, or give (G) / draw");
  }
  if (left) {
    const line = touch
      ? table.tn("Your turn: draw {n} more card (bank or pile); select cards to complete missions",
        "Your turn: draw {n} more cards (bank or pile); select cards to complete missions", left)
      : table.tn("Your turn: draw {n} more card (bank 1–3 or pile D); select cards to complete missions",
        "Your turn: draw {n} more cards (bank 1–3 or pile D); select cards to complete missions", left);
    return fmt(line, { n: left });
  }
  if (v.has_teams && !v.gave) {
    return touch ? t("Both cards drawn: complete missions, give 1–2 cards to your partner, or end your turn")
      : t("Both cards drawn: complete missions, give 1–2 cards to your partner (G), or end your turn (E)");
  }
  return touch ? t("Both cards drawn: complete missions or end your turn")
    : t("Both cards drawn: complete missions or end your turn (E)");
}

function freshMission(v) {
  if (v.fresh === null || v.fresh === undefined) return null;
  if (v.fresh === "general") return v.general;
  return (v.own[v.turn_seat] || [])[Number(v.fresh.split("/")[1])] ?? null;
}

// -- pieces
function numberCard(table, c, cls = "") {
  return el("span", { class: `tp-card ${colourOf(c) === 0 ? "red" : "blue"} ${cls}`, "aria-label": cardLabel(table, c) },
    el("span", { class: "tp-val", text: valueOf(c) }),
    el("span", { class: "tp-mark", "aria-hidden": "true" }));
}

/** One mission place: id and points, its words, and its live state for your selection. */
function missionCard(table, f, m, place, seat, big) {
  const t = table.t;
  const v = f.v;
  const key = seat === f.me || place === "general" ? place : `${seat}:${place}`;
  if (!m) {
    return el("div", { class: "tp-mission empty" + (big ? " big" : ""), "data-place": key },
      el("span", { class: "tp-mtext", text: t("no mission left") }));
  }
  const state = f.places.includes(key) ? f.missionState(key) : null;
  const fresh = !v.over && v.fresh !== null && v.fresh === place && seat === v.turn_seat;
  const label = state ? { exact: t("C: complete"), partial: t("keep selecting…"), ready: t("✓ possible") }[state] : null;
  const info = MISSION_TEXT[m];
  return el("button", {
    class: `tp-mission ${big ? "big" : ""} ${state || ""} ${fresh ? "fresh" : ""} ${table.ui.focus === key ? "focus" : ""}`,
    type: "button", "data-mission": m, "data-place": key, "data-action": "mission",
    "data-state": state || "", "data-lit": state === "exact",
    onclick: () => tapMission(table, f, place, seat),
  },
  el("span", { class: "tp-mhead" },
    el("strong", { class: "tp-mid", text: m }),
    fresh ? el("span", { class: "tp-new", text: t("NEW") }) : null,
    el("span", { class: "tp-vp", text: v.vp[m] ?? "?" })),
  info ? el("span", { class: "tp-mtext", text: t(info[1]) }) : null,
  label ? el("span", { class: "tp-mstate", text: bare(label) }) : null);
}

function sideOf(v, seat) {
  return v.teams.findIndex((side) => side.includes(seat));
}

/** The other players' own missions, by player (the window's seat panels). */
function drawSeats(table, f) {
  const t = table.t;
  const v = f.v;
  const others = v.players - (f.seated ? 1 : 0);
  const box = el("section", { class: "tp-seats" + (others > 3 ? " many" : "") });
  const start = f.seated ? f.me : 0;
  for (let k = 0; k < v.players; k++) {
    const seat = (start + k) % v.players;
    if (seat === f.me) continue;
    const active = seat === v.turn_seat && !v.over;
    const row = el("div", { class: "tp-own small" });
    v.own[seat].forEach((m, i) => row.append(missionCard(table, f, m, "own/" + i, seat, false)));
    box.append(el("div", {
      class: "tp-seat" + (active ? " active" : "") + (v.partner === seat ? " partner" : ""), "data-seat": seat,
    },
    el("span", { class: "tp-name", text: (active ? "▶ " : "") + who(table, seat) }),
    v.has_teams ? el("span", { class: "tp-teamtag", text: TEAM_LETTERS[sideOf(v, seat)] }) : null,
    row));
  }
  return box;
}

function drawMissions(table, f) {
  const t = table.t;
  const v = f.v;
  const box = el("section", { class: "tp-missions" });
  box.append(el("div", { class: "tp-slot" },
    el("h2", { class: "tp-h", text: t("General mission (anyone)") }),
    missionCard(table, f, v.general, "general", null, true)));
  if (f.seated) {
    v.own[f.me].forEach((m, i) => {
      box.append(el("div", { class: "tp-slot" },
        el("h2", { class: "tp-h", text: t("Missions") }),
        missionCard(table, f, m, "own/" + i, f.me, true)));
    });
  }
  return box;
}

/** The focused mission's words (the window's tooltip). */
function drawFocus(table, f) {
  const t = table.t;
  const key = table.ui.focus;
  if (!key) return null;
  let m;
  if (key.includes(":")) {
    const [seat, place] = key.split(":");
    m = f.missionAt(place, Number(seat));
  } else m = f.missionAt(key);
  if (!m || !MISSION_TEXT[m]) return null;
  const [size, text] = MISSION_TEXT[m];
  const vp = f.v.vp[m];
  const points = fmt(table.tn("{n} point", "{n} points", vp), { n: vp });
  const sizeText = size === null ? t("any number of cards") : fmt(table.tn("{n} card", "{n} cards", size), { n: size });
  let extra = "";
  if (f.mode === "play" && f.places.includes(key)) {
    const n = f.optionsFor(key).length;
    extra = n
      ? fmt(table.tn("Your hand can complete it ({n} way).", "Your hand can complete it ({n} ways).", n), { n })
      : t("Your hand cannot complete it yet.");
  }
  return el("section", { class: "tp-focus", "data-focus": m },
    el("strong", { text: fmt(t("Mission {id} · {points} · {size}"), { id: m, points, size: sizeText }) }),
    el("span", { text: t(text) }),
    extra ? el("span", { class: "tp-extra", text: extra }) : null);
}

function drawMiddle(table, f) {
  const t = table.t;
  const v = f.v;
  const canBank = f.canDraw("bank");
  let title = t("Bank");
  if (canBank) title = touch ? t("Bank: tap to take") : t("Bank: take with 1–3");
  const bank = el("div", { class: "tp-bank" }, el("h2", { class: "tp-h", text: title }));
  const row = el("div", { class: "tp-row" });
  v.bank.forEach((c, i) => {
    const ok = matching(f.legal, { type: "draw", from: "bank", card: c }).length > 0 && f.mode === "play";
    row.append(el("button", {
      class: "tp-pick" + (ok ? " lit" : ""), type: "button", "data-action": "draw", "data-from": "bank",
      "data-card": c, "data-lit": ok,
      onclick: () => { if (f.mode === "play") take(table, f, "bank", i); },
    }, numberCard(table, c)));
  });
  bank.append(row);
  const canDeck = f.canDraw("deck");
  const deck = el("div", { class: "tp-deck" },
    el("h2", { class: "tp-h", text: t("Draw pile") }),
    el("button", {
      class: "tp-pick" + (canDeck ? " lit" : ""), type: "button", "data-action": "draw", "data-from": "deck",
      "data-lit": canDeck, "aria-label": t("Draw pile"),
      onclick: () => { if (f.mode === "play") take(table, f, "deck"); },
    }, el("span", { class: "tp-card back" + (v.deck_size || v.discard_size ? "" : " empty") },
      el("span", { class: "tp-val", text: v.deck_size }))));
  const discards = el("div", { class: "tp-discards" },
    el("h2", { class: "tp-h", text: t("Discards") }),
    v.discard_top !== null ? numberCard(table, v.discard_top, "dim") : el("span", { class: "tp-card empty" }),
    el("small", { text: v.discard_size }));
  return el("section", { class: "tp-middle" }, bank, deck, discards);
}

function drawScores(table, f) {
  const t = table.t;
  const v = f.v;
  const box = el("section", { class: "tp-scores" },
    el("h2", { class: "tp-h", text: v.has_teams ? t("Teams: points · missions") : t("Players: points · missions") }));
  const best = Math.max(0, ...v.points);
  v.teams.forEach((side, i) => {
    const names = side.map((p) => who(table, p)).join(" & ");
    const label = v.has_teams ? fmt(t("Team {letter}: {names}"), { letter: TEAM_LETTERS[i], names }) : names;
    const pts = fmt(table.tn("{n} point", "{n} points", v.points[i]), { n: v.points[i] });
    box.append(el("div", { class: "tp-side" + (side.includes(f.me) ? " ours" : ""), "data-side": i, "data-points": v.points[i] },
      el("span", { class: "tp-side-name", text: label }),
      el("strong", { class: v.points[i] === best && best ? "best" : "", text: pts }),
      el("span", { class: "tp-side-n", text: fmt(t("{n}/{end} missions"), { n: v.missions[i], end: v.end_at }) })));
  });
  box.append(el("small", { class: "tp-piles", text: fmt(t("Draw pile {deck} · discards {discards} · mission pile {missions}"),
    { deck: v.deck_size, discards: v.discard_size, missions: v.mission_deck_size }) }));
  const gift = (v.gifts || [])[v.gifts.length - 1];
  if (gift && f.seated) {
    const words = gift.cards.map((c) => cardLabel(table, c)).join(", ");
    const text = gift.to === f.me
      ? fmt(t("{name} gave you {cards}"), { name: who(table, gift.from), cards: words })
      : fmt(table.tn("You gave your partner {cards}", "You gave your partner {cards}", gift.cards.length), { cards: words });
    box.append(el("p", { class: "tp-note", text }));
  }
  return box;
}

/** Cards of the latest gift you received, while still in your hand. */
function giftCards(f) {
  const got = (f.v.gifts || []).filter((g) => g.to === f.me);
  return new Set(got.length ? got[got.length - 1].cards : []);
}

function drawHand(table, f) {
  const t = table.t;
  const v = f.v;
  if (!f.seated) {
    return el("section", { class: "tp-hand watching" }, el("p", { class: "tp-watch", text: t("Watching the table") }));
  }
  const hand = v.hand;
  const gifts = giftCards(f);
  const chosen = new Set(table.ui.selected);
  const row = el("div", { class: "tp-cards", "data-hand": hand.join(" ") });
  for (const c of hand) {
    row.append(el("button", {
      class: "tp-pick" + (chosen.has(c) ? " selected" : ""), type: "button",
      "data-card": c, "data-action": "card", "aria-pressed": chosen.has(c) ? "true" : "false",
      "data-lit": f.mode === "play" || f.mode === "discard",
      onclick: () => { if (f.mode === "play" || f.mode === "discard") toggle(table, f, c); },
    }, numberCard(table, c), gifts.has(c) ? el("span", { class: "tp-gift", text: t("gift") }) : null));
  }
  const n = hand.length;
  const label = t("Your hand") + " · " + fmt(table.tn("{n} card (limit {limit} at the start of a turn)",
    "{n} cards (limit {limit} at the start of a turn)", n), { n, limit: v.hand_limit });
  return el("section", { class: "tp-hand" },
    el("h2", { class: "tp-h" + (n > v.hand_limit ? " over" : ""), text: label }), row);
}

function button(label, action, active, onclick) {
  return el("button", {
    class: "tp-btn" + (active ? " on" : ""), type: "button", "data-action": action,
    "aria-disabled": active ? null : "true", "data-lit": active, onclick,
  }, bare(label));
}

/** The turn's buttons by mode. While this seat's own action is in flight (or its
 * discards go one by one) the last mode's buttons stay, dead, so the bar does not blink. */
function drawButtons(table, f) {
  const t = table.t;
  const v = f.v;
  const ui = table.ui;
  if (f.mode) ui.lastMode = f.mode;
  const waiting = !f.mode && f.seated && !v.over && v.awaiting.includes(f.me);
  const mode = f.mode || (waiting ? ui.lastMode : null);
  const live = !!f.mode;
  const on = (handler) => (live ? handler : null);
  const box = el("section", { class: "tp-buttons" + (live ? "" : " waiting") });
  if (mode === "fresh") {
    const m = freshMission(v);
    box.classList.add("fresh");
    box.append(
      el("h2", { class: "tp-h", text: v.phase === "setup" ? t("Set-up: your mission") : t("A new mission") }),
      m ? el("p", { class: "tp-fresh-text", text: `${m} · ${t(MISSION_TEXT[m][1])}` }) : null,
      button(t("Keep it [K]"), "keep", live, on(() => decideFresh(table, f, true))),
      button(t("Swap for the next [R]"), "reject", live && f.canReject, on(() => decideFresh(table, f, false))),
      el("small", { text: t("once: the next one must be kept") }));
  } else if (mode === "discard") {
    const n = v.must_discard;
    box.append(button(fmt(table.tn("Discard {n} card [Enter]", "Discard {n} cards [Enter]", n), { n }), "discard",
      live && f.sel.length === n, on(() => discard(table, f))));
  } else if (mode === "play") {
    box.append(button(t("Complete [C]"), "complete", live && f.exact.length > 0, on(() => complete(table, f))));
    if (v.has_teams) {
      box.append(button(t("Give to partner [G]"), "give",
        live && f.canGive && f.sel.length >= 1 && f.sel.length <= 2, on(() => give(table, f))));
    }
    box.append(button(t("End turn [E]"), "end-turn", live && f.canEnd, on(() => endTurn(table, f))));
  }
  return box;
}

function drawBand(table, f) {
  const t = table.t;
  const v = f.v;
  if (v.end_announced && !v.over) {
    const left = Math.max(0, (v.last_turn || 0) - v.turn);
    return el("p", { class: "tp-band final", text: fmt(table.tn(
      "FINAL ROUND · every player has one more turn · {n} turn after this one",
      "FINAL ROUND · every player has one more turn · {n} turns after this one", left), { n: left }) });
  }
  const whoEnds = v.has_teams ? t("a team") : t("a player");
  return el("p", { class: "tp-band", text: fmt(t("The end is announced when {who} completes mission number {n}"), { who: whoEnds, n: v.end_at }) });
}

/**
 * The results (the window's `summary`): sides by points, then fewer missions (teamplay.md
 * "End"); one row per side with its players, points and the missions it completed.
 */
export function summary(table) {
  const t = table.t;
  const v = table.view;
  if (!v || !v.over || !v.teams) return null;
  const me = table.seat;
  const winners = new Set(v.winners || []);
  const order = v.teams.map((_s, i) => i).sort((a, b) => (v.points[b] - v.points[a]) || (v.missions[a] - v.missions[b]) || (a - b));
  const won = v.teams.map((_s, i) => i).filter((i) => v.teams[i].some((p) => winners.has(p)));
  let headline;
  if (v.has_teams && won.length === 1) {
    const team = fmt(t("Team {letter}"), { letter: TEAM_LETTERS[won[0]] });
    headline = me !== null && winners.has(me) ? t("Your team wins!") : fmt(t("{name} wins!"), { name: team });
  } else if (me !== null && winners.has(me)) headline = t("You win!");
  else if (!winners.size) headline = t("Game over");
  else {
    const names = [...winners].sort((a, b) => a - b).map((s) => who(table, s));
    headline = names.length === 1 ? fmt(t("{name} wins!"), { name: names[0] })
      : fmt(t("{names} and {last} win!"), { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
  }
  const rows = order.map((i) => {
    const names = v.teams[i].map((p) => who(table, p)).join(" & ");
    return {
      name: v.has_teams ? fmt(t("Team {letter}: {names}"), { letter: TEAM_LETTERS[i], names }) : names,
      value: fmt(table.tn("{p} pts · {n} mission", "{p} pts · {n} missions", v.missions[i]), { p: v.points[i], n: v.missions[i] }),
      winner: v.teams[i].some((p) => winners.has(p)),
      cells: [v.teams[i].flatMap((p) => v.done[p]).join(" ") || "—"],
    };
  });
  return {
    headline, subtitle: t("Teamplay · most points wins; on equal points, fewer missions"),
    rows, columns: [t("Missions completed")],
  };
}

/** The one obvious prompt (the shell's prompt line): a hint just given, else the turn's. */
export function status(table) {
  const v = table.view;
  if (!v || v.lobby || !v.teams) return "";
  return prompt(table, () => statusLine(table, facts(table)));
}

/** A seat's panel line: cards held, missions done, "partner" for yours. */
export function seatLine(table, seat) {
  const v = table.view;
  if (!v || !v.hand_sizes) return "";
  const n = v.hand_sizes[seat];
  const done = v.done[seat].length;
  let sub = fmt(table.tn("{n} card", "{n} cards", n), { n }) + " · " + table.tn("{n} done", "{n} done", done);
  if (v.partner === seat) sub += " · " + table.t("partner");
  return sub;
}

/** Draw the board into `root` from `table` (the contract in table.js). */
export function render(root, table) {
  linkCss("teamplay");
  const v = table.view;
  if (!v || v.lobby || !v.teams) {
    root.replaceChildren();
    return;
  }
  shown = table;
  hearKeys(root, table, "teamplay", onKey);
  const f = facts(table);
  const t = table.t;
  const msg = table.ui.message && Date.now() < table.ui.message.until;
  const title = v.phase === "setup" ? t("Teamplay · set-up: keep or swap your mission")
    : fmt(t("Teamplay · Round {round}"), { round: Math.floor(v.turn / v.players) + 1 });
  const board = el("div", {
    class: "tp" + (f.seated ? "" : " spectator") + (msg ? " hinting" : ""),
    "data-game": "teamplay", "data-turn": v.turn_seat, "data-over": v.over ? "1" : "0",
    "data-mode": f.mode || "", "data-deciding": f.deciding ? "1" : "0",
    "data-turns": v.turn, "data-draws": v.draws_left, "data-gave": v.gave ? "1" : "0",
    "data-discard": v.must_discard, "data-fresh": v.fresh || "",
    "data-missions": [v.general || "", ...(f.seated ? v.own[f.me] : [])].map((m) => m || "").join(" "),
  },
  el("div", { class: "tp-top" }, el("h2", { class: "tp-title", text: title }), drawBand(table, f)),
  drawSeats(table, f),
  drawMissions(table, f),
  drawFocus(table, f),
  drawMiddle(table, f),
  drawScores(table, f),
  drawHand(table, f),
  drawButtons(table, f));
  root.replaceChildren(board);
  if (table.ui.discards && table.ui.discards.length && !table.busy) {
    setTimeout(() => sendDiscards(shown), 0);
  }
}
