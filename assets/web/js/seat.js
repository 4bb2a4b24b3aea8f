// The page's seat (client/tables/seat.py's twin, with the link of net/client.py): one
// WebSocket to the host's /ws door, the seat's view and legal list kept from `snapshot`
// and `delta` messages (wire.js), the heartbeat, reconnection with the seat's token, and
// the one rule every table keeps: ONE ACTION IN FLIGHT. `send` sets `waiting`; the host's
// answer clears it — the delta tagged `yours`, an `error`, or a fresh `snapshot` after a
// reconnect (an action lost with the link is never answered, so the snapshot is what
// frees the seat, and the page says so: nothing is dropped unseen). While it waits,
// `choices` is empty, so a table lights nothing and a second tap sends nothing.

import { _ } from "./i18n.js";
import { seatProof } from "./proof.js";
import { applyDelta, decode, encode, equal, matches, unpackLegal } from "./wire.js";

/** Milliseconds between pings (net.protocol.HEARTBEAT). */
export const HEARTBEAT = 2000;
/** Milliseconds of silence after which the link counts as dead (net.protocol.DEAD_AFTER). */
export const DEAD_AFTER = 6000;
/** Reconnection backoff: the first wait and the longest (milliseconds). */
export const RETRY_FIRST = 250;
export const RETRY_MAX = 4000;
/** Error codes after which the host closes the connection (net.protocol.CLOSING_CODES). */
export const CLOSING = new Set([
  "protocol-mismatch", "expected-hello", "bad-message", "too-large", "too-deep",
  "idle-timeout", "replaced", "host-closed", "seat-taken", "seat-is-bot",
  "no-such-seat", "bad-token", "table-full", "flood",
]);
/** Codes of a refused emote (never a refused action: client.tables.emotes.CODES). */
export const EMOTE_CODES = new Set(["no-emotes", "unknown-emote", "too-many-emotes"]);

/**
 * A seat description (net/PROTOCOL.md "Host → client"), as `welcome` and `seats` carry it.
 * @typedef {Object} SeatDescription
 */

/**
 * What the page asks the host for (the `hello`).
 * @typedef {Object} Join
 */

/** localStorage key of the seat kept for `tableId`: `{token, seat}`. */
export function storeKey(tableId) {
  return "tapete:" + tableId;
}

/** The seat kept for `tableId` ({token, seat}) or null. */
export function keptSeat(tableId) {
  try {
    const raw = localStorage.getItem(storeKey(tableId));
    const kept = raw ? JSON.parse(raw) : null;
    return kept && typeof kept.token === "string" && kept.token ? kept : null;
  } catch (e) {
    return null;
  }
}

/** Keep `{token, seat}` for `tableId` (null: forget it). */
export function keepSeat(tableId, kept) {
  try {
    if (kept) localStorage.setItem(storeKey(tableId), JSON.stringify(kept));
    else localStorage.removeItem(storeKey(tableId));
  } catch (e) {
    /* storage off: the seat lasts as long as the tab */
  }
}

/**
 * One seat (or a watcher) at the host's table over the WebSocket door.
 *
 * Read: `view` (the latest view, null before the first snapshot), `legal` (the seat's
 * legal actions, unpacked), `seat` (int or null), `seats` (descriptions) with
 * `seatsAt` (performance.now() when they arrived), `turnSeconds`, `welcome`, `outcome`,
 * `link` ({state: "connecting"|"up"|"down"|"closed", reason, attempt, retryAt}),
 * `waiting` (an action in flight). Listen with `listen(fn)`: fn({kind, msg}) for kinds
 * `welcome`, `snapshot`, `delta`, `seats`, `notice`, `emote`, `outcome`, `error`
 * (a refusal, with its message), `tell` (a line for the player), `link`, `closed`.
 */
export class Seat {
  /** @param {Join} join */
  constructor(join) {
    this.join = Object.assign({}, join);
    this.view = null;
    this.legal = [];
    this.seq = -1;
    this.seat = join.spectator ? null : join.seat;
    this.token = join.token || null;
    this.welcome = null;
    this.seats = [];
    this.seatsAt = 0;
    this.turnSeconds = null;
    this.started = false;
    this.outcome = null;
    /** The action sent and not answered yet (null: none). */
    this.inflight = null;
    this.link = { state: "connecting", reason: "", attempt: 0, retryAt: 0 };
    this.ws = null;
    this.heard = 0;
    this.listeners = [];
    this.timer = null;
    this.retry = null;
    this.stopped = false;
    this.lostInFlight = false;
    /** This connection's challenge nonce (a seat with a token proves it: `greet`), and
     * whether its `hello` went. */
    this.nonce = null;
    this.greeted = false;
    /** What this connection asked and the host has not answered yet, in order sent:
     * "action" / "hint" (the host answers in order, so an `error` answers the first). */
    this.asked = [];
    /** The host's latest hint ({seq, action}) or null (net/PROTOCOL.md `hint`). */
    this.hinted = null;
    /** Whether this seat was held before: by this page (a snapshot came) or, from its
     * kept token, by this browser (`join.returning`). */
    this.held = !!join.returning;
    /** Whether the present connection takes a held seat back (set at its `welcome`): only
     * then is the host's "back" about this seat a return, not a first sit. */
    this.rejoined = false;
  }

  /** True from a send until the host answers it (or the link comes back). */
  get waiting() {
    return this.inflight !== null;
  }

  /** Whether the link is up and the seat has its snapshot. */
  get connected() {
    return this.link.state === "up" && this.view !== null;
  }

  listen(fn) {
    this.listeners.push(fn);
  }

  emit(kind, msg) {
    for (const fn of this.listeners) fn({ kind, msg });
  }

  // -- the link
  /** Open the link (and keep it open: pings, reconnection) until `close()`. */
  open() {
    this.stopped = false;
    this.connect();
    if (this.timer === null) this.timer = setInterval(() => this.beat(), HEARTBEAT);
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      ws = new WebSocket(`${scheme}//${location.host}/ws`);
    } catch (e) {
      this.lost(String(e.message || e));
      return;
    }
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.heard = performance.now();
      this.greeted = false;
      this.nonce = null;
      if (this.token && !this.join.spectator) {
        // a kept token never travels: the host's nonce first, then the seat's proof
        // (whoever answers at this address — a squatter on the port, say — learns nothing)
        this.nonce = crypto.getRandomValues(new Uint8Array(32));
        this.post({ type: "challenge", nonce: this.nonce });
      } else this.greet(null);
    };
    ws.onmessage = (ev) => {
      if (ws !== this.ws) return;
      this.heard = performance.now();
      if (!(ev.data instanceof ArrayBuffer)) return; // text frames are not the protocol
      let msg;
      try {
        msg = decode(ev.data);
      } catch (e) {
        this.drop("bad message from the host");
        return;
      }
      this.receive(msg);
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      this.lost(ev.reason || "link closed");
    };
    ws.onerror = () => {};
  }

  /** Send the `hello` (`proof`: the seat proof for this connection's nonces, or null:
   * a seat without a token, or a spectator). */
  greet(proof) {
    this.greeted = true;
    this.post({
      type: "hello",
      protocol: this.join.protocol,
      player: this.join.player || null,
      seat: this.join.spectator ? null : this.seat,
      token: null,
      proof: proof || undefined,
      spectator: !!this.join.spectator,
      legal: true,
    });
  }

  /** Every HEARTBEAT: ping (once the `hello` went: before it, a ping is no hello), and
   * treat DEAD_AFTER of silence as a drop. */
  beat() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (performance.now() - this.heard > DEAD_AFTER) {
      this.drop("the host is silent");
      return;
    }
    if (this.greeted) this.post({ type: "ping" });
  }

  post(message) {
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(encode(message));
  }

  /** Close this link at once and come back (a gap, a silent host). */
  drop(reason) {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      try {
        ws.close();
      } catch (e) {
        /* already closed */
      }
    }
    this.lost(reason);
  }

  /** The link is gone: reconnect with backoff (unless closed for good). */
  lost(reason) {
    this.ws = null;
    this.asked = [];
    if (this.stopped || this.link.state === "closed") return;
    if (this.view && this.view.over && this.outcome) {
      // the game is over and told: a host that stops now is no drop to recover from
      this.link = { state: "closed", reason, attempt: 0, retryAt: 0 };
      this.emit("link", this.link);
      return;
    }
    if (this.inflight !== null) this.lostInFlight = true;
    const attempt = this.link.attempt + 1;
    const wait = Math.min(RETRY_MAX, RETRY_FIRST * 2 ** (attempt - 1));
    this.link = { state: "down", reason, attempt, retryAt: performance.now() + wait };
    this.emit("link", this.link);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (!this.stopped && this.link.state === "down") this.connect();
    }, wait);
  }

  /** Leave: close the link for good (no reconnection). */
  close() {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.retry);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
  }

  // -- messages
  receive(msg) {
    switch (msg.type) {
      case "proof":
        // the answer to this connection's challenge: prove the seat with the kept token
        // (net.identity.seat_proof); a proof that is no answer drops the link
        if (this.nonce && !this.greeted && msg.nonce instanceof Uint8Array && msg.nonce.length === 32) {
          this.greet(seatProof(this.token, this.nonce, msg.nonce));
        } else this.drop("bad proof from the host");
        break;
      case "welcome":
        this.welcome = msg;
        this.rejoined = this.held;
        this.seat = typeof msg.seat === "number" ? msg.seat : null;
        this.token = typeof msg.token === "string" ? msg.token : null;
        if (this.token && this.join.tableId) {
          keepSeat(this.join.tableId, { token: this.token, seat: this.seat });
        }
        this.takeSeats(msg);
        this.started = !!msg.started;
        this.emit("welcome", msg);
        break;
      case "snapshot": {
        const t0 = performance.now();
        this.view = msg.view || {};
        this.legal = unpackLegal(msg.legal);
        performance.measure("tapete:snapshot", { start: t0, end: performance.now() });
        this.seq = msg.seq;
        this.started = !!msg.started;
        const back = this.link.state === "down" && this.held; // a reconnection, not the first sit
        this.held = true;
        const lost = this.lostInFlight;
        this.inflight = null; // an action lost with the link is never answered
        this.lostInFlight = false;
        this.asked = [];
        this.link = { state: "up", reason: "", attempt: 0, retryAt: 0 };
        this.emit("snapshot", msg);
        if (back) this.emit("link", this.link);
        if (lost) {
          this.emit(
            "tell",
            _("The connection dropped while your move was on its way: the table shows what the host has; choose again if it asks you."),
          );
        }
        break;
      }
      case "delta": {
        if (this.view === null || msg.seq !== this.seq + 1) {
          this.drop("missed a message"); // a gap: a fresh snapshot puts it right
          return;
        }
        const t0 = performance.now();
        this.view = applyDelta(this.view, msg);
        if (msg.legal !== undefined) this.legal = unpackLegal(msg.legal);
        performance.measure("tapete:apply", { start: t0, end: performance.now() });
        this.seq = msg.seq;
        if (msg.yours) {
          this.inflight = null;
          this.answered("action");
        }
        this.emit("delta", msg);
        break;
      }
      case "seats":
        this.takeSeats(msg);
        if (typeof msg.started === "boolean") this.started = msg.started;
        this.emit("seats", msg);
        break;
      case "error": {
        const code = String(msg.code || "");
        if (EMOTE_CODES.has(code)) {
          this.emit("tell", _("Too many emotes: wait a moment"));
          break;
        }
        if (code === "host-stopping") {
          // the table can be resumed: keep the seat and its token, and let the drop that
          // follows reconnect (with backoff) until the resumed host answers
          this.emit("tell", _("The host stopped; your seat is kept until the table is resumed"));
          break;
        }
        if (CLOSING.has(code)) {
          this.link = { state: "closed", reason: String(msg.message || code), code, attempt: 0, retryAt: 0 };
          this.inflight = null;
          this.close();
          // a dead token, or the seat taken back elsewhere with it: this browser lets go
          if ((code === "bad-token" || code === "replaced") && this.join.tableId) {
            keepSeat(this.join.tableId, null);
          }
          this.emit("closed", msg);
          break;
        }
        if (this.asked[0] === "hint") {
          this.asked.shift(); // a refused hint is no refused action
          this.emit("hint", null);
          break;
        }
        this.asked.shift();
        this.inflight = null; // refused: the seat may act again
        this.emit("error", msg);
        break;
      }
      case "hint":
        this.answered("hint");
        if (msg.action && typeof msg.action === "object" && msg.seq === this.seq) {
          this.hinted = { seq: msg.seq, action: msg.action };
        }
        this.emit("hint", this.hinted);
        break;
      case "notice":
      case "emote":
        this.emit(msg.type, msg);
        break;
      case "outcome":
        this.outcome = msg.outcome || null;
        this.emit("outcome", msg);
        break;
      default:
        break; // pong, and types a newer host may add
    }
  }

  /** The host answered the first `kind` asked (a delta `yours`, a `hint`). */
  answered(kind) {
    const i = this.asked.indexOf(kind);
    if (i >= 0) this.asked.splice(i, 1);
  }

  takeSeats(msg) {
    if (Array.isArray(msg.seats)) {
      this.seats = msg.seats.filter((s) => s && typeof s === "object");
      this.seatsAt = performance.now();
    }
    if ("turn_seconds" in msg) this.turnSeconds = msg.turn_seconds;
  }

  // -- reading
  /** Whether the seat's latest view says it must act (the game not over). */
  awaited() {
    const v = this.view;
    return !!v && !v.over && this.seat !== null && (v.awaiting || []).includes(this.seat);
  }

  /**
   * The legal actions matching a partial choice, in the host's order:
   * `choices({type: "play", card: 37})`. Empty while an action is in flight or the
   * link is down. A field's value may be a test: `{cards: (cs) => cs.length === 2}`.
   */
  choices(fields = {}) {
    if (this.waiting || !this.connected) return [];
    return this.legal.filter((a) => matches(a, fields));
  }

  /** Whether some legal action matches (see `choices`). */
  can(fields = {}) {
    return this.choices(fields).length > 0;
  }

  // -- acting
  /**
   * Send `action` for this seat; returns whether it was sent. Refused (false) while an
   * earlier action waits for its answer (quietly: that one is on its way), while the
   * link is down (the player is told) and when `action` is not one of the seat's legal
   * actions (the player is told).
   */
  send(action) {
    if (this.waiting) return false;
    if (!this.connected) {
      this.emit("tell", _("Not sent: the connection to the host is down. Choose again once it is back."));
      return false;
    }
    if (!this.legal.some((a) => equal(a, action))) {
      this.emit("tell", _("That is not possible now"));
      return false;
    }
    this.inflight = action;
    this.asked.push("action");
    this.post({ type: "action", action });
    return true;
  }

  /**
   * Ask the host for a hint for the decision this seat must take (net/PROTOCOL.md
   * `hint`: the engine's normal bot's choice from this seat's own view; the page cannot
   * run the bots). One at a time; the answer comes as a `hint` event and in `hint()`.
   * @returns {boolean} whether it was asked
   */
  askHint() {
    if (this.asked.includes("hint") || !this.connected || !this.awaited()) return false;
    this.asked.push("hint");
    this.post({ type: "hint" });
    return true;
  }

  /** The host's hint for the view shown now ({seq, action}), or null (none, or stale). */
  hint() {
    return this.hinted && this.hinted.seq === this.seq ? this.hinted : null;
  }

  /** Whether a hint was asked and not answered yet. */
  get hinting() {
    return this.asked.includes("hint");
  }

  /** Send preset emote `id` (net.protocol.EMOTES); never an action, never in flight. */
  emote(id) {
    if (this.link.state === "up" && this.seat !== null) this.post({ type: "emote", emote: id });
  }
}
