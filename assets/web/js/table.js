// The table shell (client/tables/base.py's twin): what every game's page gets for free —
// the top bar (game, table, Rules, language, emotes), who is at the table (seat panels
// with online / away and the stand-in countdown / stand-in / bot / open, the turn clock,
// "thinking…" for an awaited bot: client/tables/presence.py), the link line
// ("reconnecting…"), refusals and notices, emote bubbles, the rules page and the
// outcome. The board itself is the game module's.
//
// ============================================================================
// THE GAME MODULE CONTRACT (assets/web/js/games/<game id with "-" → "_">.js)
// ============================================================================
// A module mirrors client/tables/<game>/ and exports:
//
//   export function render(root, table)       REQUIRED
//       Draw the board into `root` (an element the shell owns and never touches
//       otherwise; replace its children as you like: `root.replaceChildren(...)`).
//       Called after every message that changed the view, the legal list, the seats or
//       the link, after `table.rerender()`, and on a language switch. Render from
//       `table.view` and `table.legal` only; never derive a rule (a pure display the
//       window also shows — a card's bullheads, a landing preview — is fine; a
//       decision comes only from `table.legal` / `table.choices`).
//
//   export function status(table) -> string   optional
//       The one obvious prompt (base.TableScene.status_line): the shell shows it in
//       its prompt line above the board ("" for none). Default: "".
//
//   export function seatLine(table, seat) -> string   optional
//       The game's words for seat `seat`'s panel ("pile: 3 cards", "7 cards"), the same
//       for everyone. Default: "".
//
//   export function summary(table) -> Summary | null   optional
//       The results (base.TableScene.summary) once `table.view.over`:
//       {headline, subtitle, columnsTitle, columns: [str], rows: [{name, value,
//       winner: bool, cells: [str]}]}, best first. Default: the `outcome` message's
//       winners and scores.
//
//   export const emotes = false                optional
//       Only for a game whose rules allow no emotes (the-game). Default: the shell
//       offers them (net.protocol.NO_EMOTES decides on the host anyway).
//
// `table` (built for each render; only `ui` survives between renders):
//   view      the seat's latest view (the lobby view before the start: `view.lobby`)
//   legal     the seat's legal actions (plain maps), unpacked from the host's list
//   seat      this page's seat (int), or null for a watcher
//   seats     seat descriptions (net/PROTOCOL.md; seat.js SeatDescription)
//   game      the game id ("take5", "the-game", …)
//   t(msgid, fields?)            translated (i18n.js `_`), then `fmt` with `fields`
//   tn(singular, plural, n, fields?)   translated plural; `{n}` is filled with n
//   act(action) -> bool          send one action through the seat (seat.js): ignored
//                                while one is in flight (busy) or the link is down
//   busy      an action is in flight or the link is down: light nothing
//   choices(fields) -> [action]  the legal actions matching a partial action
//                                (`{type: "choose"}`; a field may be a test function);
//                                [] while busy
//   can(fields) -> bool          some legal action matches
//   awaited   the view awaits this seat (its turn, the game not over)
//   ui        a plain object kept across renders (selection, open choosers…); the
//             shell clears it when the seat's snapshot is replaced after a reconnect
//   rerender()                   draw again (after changing `ui`)
//   names     seat → name; who(seat) → "You" for this seat, else the name
//   events    the events of the deltas since the last render, in order ([] after a
//             snapshot and on a render of your own: each event is seen once)
//   story     the round-end / deal-end events seen so far (base.STORY)
//   outcome   the `outcome` message's map once the game is over, else null
//   askHint() -> bool            ask the host for a hint (net/PROTOCOL.md `hint`: the
//                                engine's normal bot's choice from this seat's view);
//                                the answer re-renders with it in `hint`
//   hint      {seq, action} for the view shown, or null; `hinting`: asked, not answered
//   el(tag, attrs, ...children)  a DOM helper (below), also exported from table.js
//
// Tests click like a player: every element a test needs carries a stable attribute —
// `data-action` on buttons (`data-action="play"`, `"take-row"`, `"pass"` …), `data-card`
// on cards (the card's wire value), `data-row` / `data-pile` / `data-space` on places,
// `data-seat` on panels — and `data-lit` on what may be tapped now.
// ============================================================================

import { _, fmt, LANGUAGES, language, ngettext, setLanguage } from "./i18n.js";

/** Game names, as the engines give them (not translated: client/howto.py game_name). */
export const GAME_NAMES = {
  take5: "Take 5",
  "the-game": "The Game",
  teamplay: "Teamplay",
  "sequence-numbers": "Sequence Numbers",
  guandan: "Guandan",
};
/** Emote ids (net.protocol.EMOTES) and their words (client/tables/emotes.py words()). */
export const EMOTES = ["nice", "oops", "well-played", "hurry-up", "good-luck", "thanks"];
export function emoteWords(id) {
  return [_("Nice!"), _("Oops"), _("Well played"), _("Hurry up?"), _("Good luck"), _("Thanks")][id] || "";
}
/** Games without emotes (net.protocol.NO_EMOTES). */
export const NO_EMOTES = new Set(["the-game"]);
/** The events the results tell the story with (base.STORY). */
export const STORY = new Set(["round-end", "deal-end"]);
/** Milliseconds an emote bubble and a notice show. */
const BUBBLE_MS = 3000;
const NOTICE_MS = 5000;
const ERROR_MS = 4000;
/** Seconds left under which a turn clock shows red (presence.LOW_CLOCK). */
const LOW_CLOCK = 10;

/**
 * A DOM element: `el("button", {class: "x", "data-action": "play", onclick: fn}, "Play")`.
 * Attributes: `class`, `text`, `on<event>` (a listener), `hidden`/`disabled` (booleans),
 * anything else as an attribute (null/undefined/false: left out). Children: nodes or
 * strings (null/false skipped; arrays flattened).
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = String(value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Whole seconds to show for `value` seconds left (presence.seconds). */
export function seconds(value) {
  return Math.max(0, Math.ceil(value - 1e-9));
}

/**
 * "You win!", else who won ("Ana wins!", "Ana and Ben win!"), or "Game over" when
 * nobody did (base.headline).
 */
export function headline(winners, names, me) {
  if (me !== null && winners.includes(me)) return _("You win!");
  if (!winners.length) return _("Game over");
  const who = [...winners].sort((a, b) => a - b).map((s) => String(names[s] || "?").split(" (")[0]);
  if (who.length === 1) return fmt(_("{name} wins!"), { name: who[0] });
  return fmt(_("{names} and {last} win!"), { names: who.slice(0, -1).join(", "), last: who[who.length - 1] });
}

/** The module file of a game id ("the-game" → "./games/the_game.js"). */
export function modulePath(game) {
  return `./games/${String(game).replace(/-/g, "_")}.js`;
}

/**
 * Render a rules page (assets/rules/<game>.<code>.txt as /rules/ serves it: one
 * paragraph a line, the first the title; `#` lines are not paragraphs, `# ` and `## `
 * lines of a markdown page are headings, `- ` lines list items) as elements.
 */
export function rulesPage(text) {
  const out = [];
  let first = true;
  let list = null;
  for (const raw of String(text).split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^#{1,3} (.+)$/.exec(line);
    if (line.startsWith("#") && !heading) continue; // "#:" tagline, "#1" how-to captions
    if (heading || first) {
      out.push(el(first ? "h2" : "h3", {}, heading ? heading[1] : line));
      first = false;
      list = null;
      continue;
    }
    if (line.startsWith("- ") || line.startsWith("* ")) {
      if (!list) out.push((list = el("ul")));
      list.append(el("li", {}, line.slice(2)));
      continue;
    }
    list = null;
    out.push(el("p", {}, line.replace(/\*\*([^*]+)\*\*/g, "$1")));
  }
  return out;
}

/**
 * The table page of one seat: mounts into `root`, draws from `seat` (seat.js Seat)
 * through `module` (the game module), keeps the shell's own state (notices, bubbles,
 * the open overlay).
 */
export class TableShell {
  constructor(root, seat, info, module) {
    this.root = root;
    this.seat = seat;
    this.info = info;
    this.module = module;
    this.game = info.game;
    this.ui = {};
    this.events = [];
    this.story = [];
    this.notices = []; // [{text, kind, until}]
    this.bubbles = new Map(); // seat → {id, until}
    this.overlay = null; // "rules" | "outcome" | "emotes" | null
    this.outcomeSeen = false;
    /** After the outcome, the table gone: "waiting" for the next game, or "gone". */
    this.next = null;
    this.away = false; // this page heard its seat go to a stand-in (idle): "back" is a return
    this.rulesText = null;
    this.drawn = false;
    this.pending = false;
    this.build();
    seat.listen((e) => this.hear(e));
    this.ticker = setInterval(() => this.tick(), 250);
  }

  // -- hearing
  hear({ kind, msg }) {
    const now = performance.now();
    if (kind === "delta") {
      const events = msg.events || [];
      this.events = this.events.concat(events); // until the next render draws them
      for (const e of events) if (STORY.has(e.type)) this.story.push(e);
    } else if (kind === "snapshot") {
      this.events = [];
      this.ui = {};
    } else if (kind === "error") {
      this.push(String(msg.message || _("That is not possible now")), "error", ERROR_MS);
    } else if (kind === "tell") {
      this.push(String(msg), "error", ERROR_MS * 2);
    } else if (kind === "notice") {
      this.notice(msg);
    } else if (kind === "emote") {
      if (Number.isInteger(msg.seat) && Number.isInteger(msg.emote)) {
        this.bubbles.set(msg.seat, { id: msg.emote, until: now + BUBBLE_MS });
      }
    } else if (kind === "link" && msg.state === "up") {
      this.push(_("Back in your seat"), "back", NOTICE_MS);
    } else if (kind === "outcome") {
      if (!this.outcomeSeen) this.overlay = "outcome";
      this.outcomeSeen = true;
    }
    this.schedule();
  }

  notice(msg) {
    const name = String(msg.name || "");
    const mine = msg.seat === this.seat.seat && this.seat.seat !== null;
    let text = "";
    const d = this.seat.seats.find((x) => x.seat === msg.seat);
    // a phone seat handed to a stand-in ("Play now" before it came) may come any time
    const phoneLeft = msg.event === "left" && !!d && d.kind === "phone";
    if (msg.event === "stand-in" || phoneLeft) text = _("{name} is away: a stand-in bot plays for them until they return");
    else if (msg.event === "back") {
      // Mine is a return after a reconnection or after this page heard it was away; at
      // a first sit, a seat a stand-in kept warm until the phone came is none.
      if (!mine) text = _("{name} is back: the stand-in stops");
      else if (this.seat.rejoined || this.away) text = _("Back in your seat");
      this.away = this.away && !mine;
    } else if (msg.event === "left") text = _("{name} left; a bot plays their seat");
    else if (msg.event === "timed-out") {
      text = mine ? _("Your time ran out: a stand-in chose for you") : _("{name} ran out of time: a stand-in chose for them");
    } else if (msg.event === "idle") {
      text = mine ? _("You seem away: a bot plays for you until you act again") : _("{name} seems away: a bot plays for them until they act again");
    } else if (msg.event === "log-failed") {
      text = _("The table's log cannot be written: the game goes on, but it cannot be continued after a crash");
    } else if (msg.event === "log-back") {
      this.notices = this.notices.filter((n) => n.kind !== "log-failed"); // no longer true
      text = _("The table's log is written again: the game can be continued after a crash");
    } else text = String(msg.message || "");
    if (mine && (msg.event === "stand-in" || msg.event === "idle")) this.away = true;
    if (text) this.push(fmt(text, { name }), msg.event || "notice", NOTICE_MS);
  }

  push(text, kind, ms) {
    this.notices = this.notices.filter((n) => n.text !== text);
    this.notices.push({ text, kind, until: performance.now() + ms });
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  /** Four times a second: countdowns, bubbles and notices that end. */
  tick() {
    const now = performance.now();
    const before = this.notices.length + this.bubbles.size;
    this.notices = this.notices.filter((n) => n.until > now);
    for (const [s, b] of this.bubbles) if (b.until <= now) this.bubbles.delete(s);
    if (this.notices.length + this.bubbles.size !== before) this.renderBanner();
    this.renderSeats();
    this.renderLink();
  }

  // -- the page's frame
  build() {
    this.titleEl = el("h1", { class: "title" });
    this.linkEl = el("span", { class: "link", "data-link": "" });
    this.rulesBtn = el("button", { class: "tool", "data-action": "rules", onclick: () => this.openRules() });
    this.resultsBtn = el("button", { class: "tool", "data-action": "results", hidden: true, onclick: () => this.show("outcome") });
    this.emoteBtn = el("button", { class: "tool", "data-action": "emotes", onclick: () => this.show(this.overlay === "emotes" ? null : "emotes") });
    this.langSel = el("select", { class: "tool", "data-action": "language", "aria-label": "Language" });
    for (const [code, name] of Object.entries(LANGUAGES)) this.langSel.append(el("option", { value: code }, name));
    this.langSel.addEventListener("change", async () => {
      await setLanguage(this.langSel.value);
      this.rulesText = null;
      this.render();
    });
    this.bar = el("header", { class: "bar" }, this.titleEl, this.linkEl,
      el("div", { class: "tools" }, this.resultsBtn, this.emoteBtn, this.rulesBtn, this.langSel));
    this.bannerEl = el("div", { class: "banner", role: "status", "aria-live": "polite" });
    this.seatsEl = el("section", { class: "seats" });
    this.promptEl = el("p", { class: "prompt", "data-prompt": "" });
    this.boardEl = el("main", { class: "board" });
    this.overlayEl = el("div", { class: "overlay", hidden: true });
    this.root.replaceChildren(this.bar, this.seatsEl, this.promptEl, this.bannerEl, this.boardEl, this.overlayEl);
    this.root.className = `table game-${this.game}`;
  }

  show(overlay) {
    this.overlay = overlay;
    this.renderOverlay();
  }

  /** The outcome, with "Waiting for the next game…" (`state` "waiting") or the way
   * back by the code ("gone"). */
  waitNext(state) {
    this.next = state;
    this.overlay = "outcome";
    this.render();
  }

  /** The line for `this.next`. */
  nextText() {
    return this.next === "waiting" ? _("Waiting for the next game…")
      : _("The table closed. To play on, scan your code on the table's screen again");
  }

  async openRules() {
    this.show("rules");
    if (this.rulesText === null) {
      this.rulesText = "";
      const lang = language();
      const urls = [`/rules/${this.game}.${lang}.md`, `/rules/${this.game}.md`];
      for (const url of urls) {
        try {
          const resp = await fetch(url);
          if (resp.ok) {
            this.rulesText = await resp.text();
            break;
          }
        } catch (e) {
          /* next */
        }
      }
      if (!this.rulesText) this.rulesText = _("No rules help for this game yet.");
      this.renderOverlay();
    }
  }

  // -- the table object
  names() {
    const out = [];
    for (const d of this.seat.seats) if (Number.isInteger(d.seat)) out[d.seat] = String(d.name || "");
    const n = (this.seat.view && this.seat.view.players) || out.length;
    for (let s = 0; s < n; s++) if (!out[s]) out[s] = fmt(_("Seat {n}"), { n: s + 1 });
    return out;
  }

  /** The `table` object a game module draws from (see the contract above). */
  table() {
    const seat = this.seat;
    const names = this.names();
    const me = seat.seat;
    const busy = seat.waiting || !seat.connected;
    const t = {
      view: seat.view || {},
      legal: seat.legal,
      seat: me,
      seats: seat.seats,
      game: this.game,
      t: (msgid, fields) => fmt(_(msgid), fields),
      tn: (s, p, n, fields) => fmt(ngettext(s, p, n), Object.assign({ n }, fields || {})),
      act: (action) => {
        const sent = seat.send(action);
        this.schedule();
        return sent;
      },
      busy,
      choices: (fields) => seat.choices(fields),
      can: (fields) => seat.can(fields),
      awaited: seat.awaited(),
      ui: this.ui,
      rerender: () => this.schedule(),
      names,
      who: (s) => (s === me ? _("You") : names[s] || "?"),
      events: this.events,
      story: this.story,
      outcome: seat.outcome,
      askHint: () => {
        const asked = seat.askHint();
        this.schedule();
        return asked;
      },
      hint: seat.hint(),
      hinting: seat.hinting,
      el,
    };
    return t;
  }

  // -- drawing
  render() {
    const seat = this.seat;
    this.titleEl.textContent = [GAME_NAMES[this.game] || this.game, this.info.table || ""].filter(Boolean).join(" · ");
    document.title = this.titleEl.textContent;
    this.rulesBtn.textContent = _("Rules");
    this.resultsBtn.textContent = _("Results");
    this.emoteBtn.textContent = _("Emotes");
    this.emoteBtn.hidden = seat.seat === null || NO_EMOTES.has(this.game) || this.module.emotes === false;
    this.langSel.value = language();
    const view = seat.view;
    this.resultsBtn.hidden = !(view && view.over);
    this.renderSeats();
    this.renderLink();
    this.renderBanner();
    const table = this.table();
    let prompt = "";
    if (view === null) {
      prompt = "";
    } else if (view.lobby) {
      prompt = fmt(_("{game} — waiting for players"), { game: GAME_NAMES[this.game] || this.game });
    } else if (typeof this.module.status === "function") {
      prompt = this.module.status(table) || "";
    }
    if (!prompt && seat.seat === null && view && !view.over) prompt = _("Watching the table");
    this.promptEl.textContent = prompt;
    this.promptEl.classList.toggle("yours", !!(view && seat.awaited() && !seat.waiting));
    this.events = []; // seen by this render
    if (view !== null) {
      this.module.render(this.boardEl, table);
      if (!this.drawn) {
        this.drawn = true;
        performance.mark("tapete:first-table");
      }
    }
    this.renderOverlay();
  }

  renderLink() {
    const link = this.seat.link;
    let text = "";
    if (this.next) text = this.nextText();
    else if (link.state === "down") text = fmt(_("Connection lost ({reason}) — reconnecting…"), { reason: link.reason });
    else if (link.state === "closed" && link.code === "host-closed" && this.phoneSeat()) {
      // a table for the room closed (its screen left; Continue a game serves it again,
      // the same code taking the seat): this phone's way back is that code
      text = _("The table closed. To play on, scan your code on the table's screen again");
    } else if (link.state === "closed") text = fmt(_("Connection closed: {reason}"), { reason: link.reason });
    else if (link.state === "connecting") text = _("reconnecting…");
    else if (this.seat.waiting) text = "…";
    if (this.linkEl.textContent !== text) this.linkEl.textContent = text;
    this.linkEl.dataset.link = link.state;
    this.root.classList.toggle("offline", link.state !== "up");
  }

  renderBanner() {
    this.bannerEl.replaceChildren(...this.notices.map((n) => el("div", { class: `note note-${n.kind}` }, n.text)));
  }

  /** One panel per seat: name, the game's line, badges, an emote bubble. */
  renderSeats() {
    const seat = this.seat;
    const view = seat.view;
    const names = this.names();
    const line = typeof this.module.seatLine === "function" && view && !view.lobby ? this.module.seatLine : null;
    const table = line ? this.table() : null;
    const panels = [];
    const awaiting = (view && !view.over && !view.lobby && view.awaiting) || [];
    const parts = names.map((name, s) => [name, line ? line(table, s) || "" : null, this.badges(s),
      this.bubbles.has(s) ? this.bubbles.get(s).id : null, awaiting.includes(s), s === seat.seat]);
    const key = JSON.stringify([language(), parts]);
    if (key === this.seatsKey) return; // unchanged: keep the nodes (and the pulse) as they are
    this.seatsKey = key;
    for (let s = 0; s < names.length; s++) {
      const bubble = this.bubbles.get(s);
      const mine = s === seat.seat;
      panels.push(el("div", {
        class: `panel${mine ? " me" : ""}${awaiting.includes(s) ? " awaited" : ""}`,
        "data-seat": s,
      },
      // a phone seat's name is the screen's (the TV says "Ana"): a phone that scanned
      // the wrong code can tell whose seat it holds
      el("span", { class: "name", title: names[s] },
        mine ? (this.phoneSeat() && names[s] ? fmt(_("You ({name})"), { name: names[s] }) : _("You")) : names[s]),
      line ? el("span", { class: "line" }, line(table, s) || "") : null,
      el("span", { class: "badges" }, this.badges(s).map((b) => el("span", { class: `badge b-${b.kind}` }, b.text))),
      bubble ? el("span", { class: "bubble" }, emoteWords(bubble.id)) : null));
    }
    this.seatsEl.classList.toggle("many", names.length > 4);
    this.seatsEl.replaceChildren(...panels);
  }

  /** Whether this page holds a phone seat of a table for the room (net/PROTOCOL.md
   * "Phone seats"). */
  phoneSeat() {
    const mine = this.seat.seats.find((x) => x.seat === this.seat.seat);
    return !!mine && mine.kind === "phone";
  }

  /** Seat `s`'s badges (presence.Presence.badges): thinking, clock, state. */
  badges(s) {
    const seat = this.seat;
    const d = seat.seats.find((x) => x.seat === s);
    if (!d) return [];
    const out = [];
    const since = (performance.now() - seat.seatsAt) / 1000;
    const view = seat.view;
    const bot = d.state === "bot" || d.state === "stand-in";
    if (bot && s !== seat.seat && view && !view.over && !view.lobby && (view.awaiting || []).includes(s)) {
      out.push({ kind: "thinking", text: _("thinking…") });
    }
    if (typeof d.clock === "number" && Number.isFinite(d.clock)) {
      const left = seconds(d.clock - since);
      out.push({ kind: left <= LOW_CLOCK ? "clock-low" : "clock", text: fmt(_("{s} s left"), { s: left }) });
    }
    if (s === seat.seat && (seat.link.state === "down" || seat.link.state === "connecting")) {
      out.push({ kind: "reconnecting", text: _("reconnecting…") });
    } else if (s === seat.seat && seat.link.state === "closed") {
      // closed for good: nothing is retried (the line above the seats says why)
    } else if (d.state === "connected") out.push({ kind: "connected", text: _("online") });
    else if (d.state === "away") {
      const left = typeof d.takeover_in === "number" ? seconds(d.takeover_in - since) : 0;
      out.push({ kind: "away", text: left > 0 ? fmt(_("away · stand-in in {s} s"), { s: left }) : _("away") });
    } else if (d.state === "stand-in") out.push({ kind: "stand-in", text: _("stand-in bot") });
    else if (d.state === "bot") out.push({ kind: "bot", text: _("bot") });
    else if (d.state === "open") out.push({ kind: "open", text: _("open seat") });
    else if (d.state === "waiting") out.push({ kind: "waiting", text: _("waiting") });
    return out;
  }

  renderOverlay() {
    const o = this.overlay;
    const box = this.overlayEl;
    if (!o) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const close = el("button", { class: "close", "data-action": "close", onclick: () => this.show(null) },
      o === "outcome" ? _("Look at the table") : _("Close"));
    let body;
    if (o === "rules") {
      body = el("article", { class: "rules", "data-rules": "" }, this.rulesText ? rulesPage(this.rulesText) : "…");
    } else if (o === "emotes") {
      body = el("div", { class: "emote-picker" }, EMOTES.map((name, id) =>
        el("button", { "data-emote": id, onclick: () => { this.seat.emote(id); this.show(null); } }, emoteWords(id))));
    } else {
      body = this.outcomeBody();
    }
    box.className = `overlay overlay-${o}`;
    box.replaceChildren(el("div", { class: "sheet" }, close, body));
  }

  outcomeBody() {
    const table = this.table();
    let sum = typeof this.module.summary === "function" && table.view.over ? this.module.summary(table) : null;
    if (!sum) {
      const out = this.seat.outcome || {};
      const winners = out.winners || table.view.winners || [];
      const scores = out.scores || [];
      sum = {
        headline: headline(winners, table.names, table.seat),
        subtitle: GAME_NAMES[this.game] || "",
        rows: table.names.map((name, s) => ({
          name: table.who(s), value: scores[s] === undefined ? "" : String(scores[s]), winner: winners.includes(s), cells: [],
        })),
        columns: [],
      };
    }
    const head = el("tr", {}, el("th", {}, ""), el("th", {}, ""), (sum.columns || []).map((c) => el("th", { class: "cell" }, c)));
    const rows = sum.rows.map((r, i) => el("tr", { class: r.winner ? "winner" : "" },
      el("td", { class: "who" }, `${i + 1}. ${r.name}`), el("td", { class: "value" }, r.value),
      (r.cells || []).map((c) => el("td", { class: "cell" }, c))));
    const next = this.next && el("p", { class: "next", "data-next": this.next }, this.nextText(),
      this.next === "waiting" ? el("small", {}, _("Keep this page open: it takes your seat when the table deals")) : null);
    return el("section", { class: "outcome", "data-outcome": "" }, next,
      el("h2", {}, sum.headline), sum.subtitle ? el("p", { class: "subtitle" }, sum.subtitle) : null,
      sum.columnsTitle && (sum.columns || []).length ? el("p", { class: "columns-title" }, sum.columnsTitle) : null,
      el("div", { class: "scroll" }, el("table", {}, el("thead", {}, head), el("tbody", {}, rows))));
  }
}
