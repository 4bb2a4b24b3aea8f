// Take 5 (take5.md) in the page, after client/tables/take5/: the four rows with what
// each costs, this turn's revealed cards, your hand (tap a card to select it and see
// where it would land, tap it again or Play to choose it; on a laptop the window's keys
// too), the too-low row choice with each row's cost, your penalty pile and the totals. Decisions come from the host's
// legal list only (`choose` / `take-row`); the landing preview is the window's display
// of the placement rule (client/tables/take5/scene.py landing): a preview, not a promise.

import { _, fmt, ngettext } from "../i18n.js";
import { hearKeys, touch } from "../dom.js";
import { el, headline } from "../table.js";

/** Penalty heads of `card` (take5.md "Components"; engine.take5.state.bullheads): a
 * card's face, as the window prints it. */
export function bullheads(card) {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}

/**
 * Where card `c` would go on `rows` now (client/tables/take5/scene.py landing):
 * `{row, place, cost, takes}`, or `{row: null, cheapest, cost}` for a card lower
 * than every row. Other cards revealed with it may change it.
 */
export function landing(rows, c) {
  const below = [];
  rows.forEach((row, r) => { if (row.length && row[row.length - 1] < c) below.push(r); });
  const cost = rows.map((row) => row.reduce((n, x) => n + bullheads(x), 0));
  if (!below.length) {
    let cheapest = 0;
    for (let r = 1; r < rows.length; r++) if (cost[r] < cost[cheapest]) cheapest = r;
    return { row: null, cheapest, cost: cost[cheapest] };
  }
  const r = below.reduce((a, b) => (rows[b][rows[b].length - 1] > rows[a][rows[a].length - 1] ? b : a));
  const place = rows[r].length + 1;
  if (place === 6) return { row: r, place: 6, cost: cost[r], takes: true };
  return { row: r, place, cost: cost[r] + bullheads(c), takes: false };
}

/** What the preview says (client/tables/take5/paint.py preview_text). */
export function previewText(p) {
  const n = p.cost;
  if (p.row === null) {
    return fmt(ngettext(
      "{card} is lower than every row: you would take one (cheapest: row {row}, {n} bullhead)",
      "{card} is lower than every row: you would take one (cheapest: row {row}, {n} bullheads)", n),
    { card: p.card, row: p.cheapest + 1, n });
  }
  if (p.takes) {
    return fmt(ngettext(
      "{card} would be the 6th card of row {row}: you take {n} bullhead",
      "{card} would be the 6th card of row {row}: you take {n} bullheads", n),
    { card: p.card, row: p.row + 1, n });
  }
  return fmt(ngettext(
    "{card} would be card {place} of row {row}: the row would hold {n} bullhead",
    "{card} would be card {place} of row {row}: the row would hold {n} bullheads", n),
  { card: p.card, place: p.place, row: p.row + 1, n });
}

/** "choose", "row" or null: what the host awaits from this seat, as its legal list says. */
function decision(table) {
  if (!table.awaited || table.busy) return null;
  if (table.can({ type: "take-row" })) return "row";
  if (table.can({ type: "choose" })) return "choose";
  return null;
}

/** A card's face: its number and its bullheads, coloured by them. */
function face(tag, c, attrs = {}) {
  const heads = bullheads(c);
  const cls = `card t5-card h${heads}${attrs.class ? " " + attrs.class : ""}`;
  return el(tag, Object.assign({}, attrs, { class: cls, "data-card": c, title: fmt(ngettext("{n} bullhead", "{n} bullheads", heads), { n: heads }) }),
    el("span", { class: "bulls" }, "●".repeat(heads)),
    el("span", { class: "num" }, String(c)));
}

export function status(table) {
  const v = table.view;
  if (v.over) return _("Game over");
  const d = decision(table);
  if (d === "choose") return _("Choose a card: tap it, then tap it again or press Play");
  if (d === "row") {
    const c = v.pending && v.pending.length ? v.pending[0][0] : "?";
    return fmt(_("Your {card} is too low: tap a row to take it"), { card: c });
  }
  if (v.phase === "row-choice" && v.row_choice !== null && v.row_choice !== undefined) {
    return fmt(_("{name} is choosing a row…"), { name: table.names[v.row_choice] || "?" });
  }
  // (this seat's own move on its way: the others are waited for, not it)
  const others = (v.awaiting || []).filter((s) => !(table.busy && s === table.seat));
  const waiting = others.map((s) => String(table.names[s] || "?").split(" (")[0]);
  if (waiting.length > 3) return fmt(_("Waiting for {n} players to choose…"), { n: waiting.length });
  if (waiting.length) return fmt(_("Waiting for {names}…"), { names: waiting.join(", ") });
  return "";
}

export function seatLine(table, seat) {
  const v = table.view;
  const n = (v.penalty_counts || [])[seat] || 0;
  const total = (v.totals || [])[seat] || 0;
  // "has chosen" first: a phone's narrow panel cuts the line's end
  const chosen = v.phase === "choose" && !(v.awaiting || []).includes(seat) ? "✓ " : "";
  return chosen + fmt(ngettext("{n} bullhead", "{n} bullheads", total), { n: total }) + " · " +
    fmt(ngettext("pile: {n} card", "pile: {n} cards", n), { n });
}

export function summary(table) {
  const v = table.view;
  const winners = v.winners || [];
  const totals = v.totals || [];
  const order = totals.map((_t, s) => s).sort((a, b) => totals[a] - totals[b] || a - b);
  const rounds = table.story.filter((e) => e.type === "round-end");
  const played = v.round || rounds.length;
  return {
    headline: headline(winners, table.names, table.seat),
    subtitle: fmt(ngettext("Take 5 · {n} round · fewest bullheads win", "Take 5 · {n} rounds · fewest bullheads win", played), { n: played }),
    rows: order.map((s) => ({
      name: table.who(s),
      value: fmt(ngettext("{n} bullhead", "{n} bullheads", totals[s]), { n: totals[s] }),
      winner: winners.includes(s),
      cells: rounds.map((e) => String((e.bullheads || [])[s] ?? "")),
    })),
    columns: rounds.map((e) => String(e.round)),
    columnsTitle: _("Bullheads in each round"),
  };
}

/** The window's keys on a laptop: ← → pick a card, Enter or Space plays it, 1–4 take a
 * row, Esc drops the pick (client/tables/take5/scene.py); heard through dom.js hearKeys
 * (not while typing or reading an overlay). */
function onKey(ev, table) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const d = decision(table);
  const ui = table.ui;
  const hand = (table.view.hand || []).filter((c) => table.can({ type: "choose", card: c }));
  if (d === "row" && /^[1-4]$/.test(ev.key)) {
    table.act({ type: "take-row", row: Number(ev.key) - 1 });
  } else if (d === "choose" && (ev.key === "ArrowLeft" || ev.key === "ArrowRight") && hand.length) {
    const i = hand.indexOf(ui.selected);
    const step = ev.key === "ArrowRight" ? 1 : -1;
    ui.selected = hand[(i < 0 ? (step > 0 ? 0 : hand.length - 1) : (i + step + hand.length) % hand.length)];
  } else if (d === "choose" && (ev.key === "Enter" || ev.key === " ")) {
    if (ui.selected !== null && ui.selected !== undefined && hand.includes(ui.selected)) {
      if (table.act({ type: "choose", card: ui.selected })) ui.selected = null;
    } else if (hand.length) ui.selected = hand[0];
  } else if (ev.key === "Escape" && ui.selected !== null) {
    ui.selected = null;
  } else return;
  ev.preventDefault();
  table.rerender();
}

/** "Round N over" with each player's bullheads of the round and total
 * (client/tables/take5/paint.py draw_round_summary). */
function roundBox(table, e) {
  const rows = (e.totals || []).map((total, s) => el("tr", {},
    el("td", {}, table.who(s)),
    el("td", { class: "value" }, fmt(ngettext("+{n} bullhead · total {total}", "+{n} bullheads · total {total}",
      (e.bullheads || [])[s] || 0), { n: (e.bullheads || [])[s] || 0, total }))));
  return el("section", { class: "t5-round", "data-round-over": e.round },
    el("h3", {}, fmt(_("Round {n} over"), { n: e.round })),
    el("table", {}, el("tbody", {}, rows)),
    el("button", { "data-action": "close-round", onclick: () => { table.ui.round = null; table.rerender(); } }, _("Close")));
}

export function render(root, table) {
  hearKeys(root, table, "take5", onKey);
  const v = table.view;
  const ui = table.ui;
  const rows = v.rows || [[], [], [], []];
  const costs = v.row_costs || rows.map((row) => row.reduce((n, x) => n + bullheads(x), 0));
  const hand = v.hand || [];
  const d = decision(table);
  if (d !== "choose" || !hand.includes(ui.selected) || !table.can({ type: "choose", card: ui.selected })) ui.selected = null;
  const p = d === "choose" && ui.selected !== null ? Object.assign(landing(rows, ui.selected), { card: ui.selected }) : null;

  const play = (c) => {
    if (decision(table) === "choose" && table.act({ type: "choose", card: c })) {
      ui.selected = null;
      ui.sending = c; // shown as chosen while it is on its way
    }
    table.rerender();
  };
  if (!table.busy) ui.sending = null;
  // a round just ended: its summary shows over the side until closed or a card is played
  for (const e of table.events) {
    if (e.type === "round-end" && !v.over && ui.roundShown !== e.round) {
      ui.round = e;
      ui.roundShown = e.round;
    }
  }
  if (ui.round && ui.sending !== null && ui.sending !== undefined) ui.round = null;

  // the rows
  const rowEls = rows.map((row, r) => {
    const takeable = d === "row" && table.can({ type: "take-row", row: r });
    const slots = [];
    for (let i = 0; i < 6; i++) {
      if (i < row.length) slots.push(face("span", row[i]));
      else if (p && p.row === r && p.place - 1 === i) slots.push(face("span", p.card, { class: "ghost" }));
      else slots.push(el("span", { class: `card empty${i === 5 ? " sixth" : ""}` }, i === 5 ? _("6th") : ""));
    }
    let cls = "t5-row";
    if (p && p.row === r) cls += p.takes ? " takes" : " target";
    if (p && p.row === null) cls += " too-low";
    const head = el("span", { class: "head" },
      el("span", { class: "rn" }, fmt(_("Row {n}"), { n: r + 1 })),
      el("span", { class: "cost", "data-cost": costs[r] }, String(costs[r])),
      takeable ? el("span", { class: "take" }, touch ? fmt(_("take: {cost}"), { cost: costs[r] })
        : fmt(_("[{n}] take: {cost}"), { n: r + 1, cost: costs[r] })) : null);
    const parts = [head, el("span", { class: "slots" }, slots)];
    return takeable
      ? el("button", { class: cls, "data-action": "take-row", "data-row": r, "data-lit": "", onclick: () => { table.act({ type: "take-row", row: r }); table.rerender(); } }, parts)
      : el("div", { class: cls, "data-row": r }, parts);
  });

  // this turn's reveal
  const pending = new Set((v.pending || []).map(([c]) => c));
  const reveal = (v.revealed || []).map(([s, c]) => el("figure", { "data-revealed": c },
    pending.has(c) ? face("span", c) : el("span", { class: "card empty" }), el("figcaption", {}, table.who(s))));

  // your hand, the play button, your pile
  const side = [];
  let docked = null;
  let pileEl = null;
  if (reveal.length) side.push(el("p", { class: "t5-section-title" }, _("Revealed this turn")), el("div", { class: "t5-reveal" }, reveal));
  if (table.seat === null) side.push(el("p", { class: "t5-watching" }, _("Watching the table")));
  if (table.seat !== null) {
    // in the dock, over the hand: a docked hand on a phone hid it under itself
    const preview = el("p", { class: `t5-preview${p && (p.row === null || p.takes) ? " bad" : ""}`, "data-preview": "" }, p ? previewText(p) : "");
    const cards = hand.map((c) => {
      const lit = d === "choose" && table.can({ type: "choose", card: c });
      let cls = "";
      if (c === ui.selected) cls = "selected";
      else if (c === v.chosen || c === ui.sending) cls = "chosen";
      return face("button", c, {
        class: cls, "data-lit": lit, disabled: !lit && !cls ? true : null,
        onclick: () => {
          if (!lit) return;
          if (ui.selected === c) play(c);
          else { ui.selected = c; table.rerender(); }
        },
      });
    });
    const dock = [preview, el("p", { class: "t5-section-title" }, _("Your hand")), el("div", { class: "t5-hand", "data-hand": "" }, cards)];
    const actions = [];
    if (d === "choose" && ui.selected !== null) {
      actions.push(el("button", { class: "primary", "data-action": "play", "data-card": ui.selected, onclick: () => play(ui.selected) }, fmt(_("Play {card}"), { card: ui.selected })));
    } else if (v.chosen !== null && v.chosen !== undefined) {
      actions.push(el("span", { class: "t5-chosen" }, fmt(_("You chose {card}"), { card: v.chosen })));
    }
    // held open but while a row is to take: the Play button never lifts the hand
    dock.push(el("div", { class: d === "row" ? "t5-actions" : "t5-actions held" }, actions));
    if (hand.length) docked = el("section", { class: "t5-dock" }, dock);
    const pile = [...(v.own_penalty || [])].sort((a, b) => a - b);
    const n = v.own_bullheads || 0;
    pileEl = (el("div", { class: "t5-pile", "data-pile": "own" },
      fmt(ngettext("Your penalty pile this round: {n} bullhead", "Your penalty pile this round: {n} bullheads", n), { n }),
      pile.length ? el("div", { class: "cards" }, pile.map((c) => face("span", c))) : el("div", {}, _("No cards taken yet this round"))));
  }
  root.replaceChildren(el("div", { class: "t5" },
    ui.round ? roundBox(table, ui.round) : null, // first: above the rows, clear of the dock
    el("section", { class: "t5-rows" }, rowEls),
    el("section", { class: "t5-side" }, side), docked, pileEl));
}
