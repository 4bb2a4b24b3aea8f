// The page's entry point (client/__main__.py's twin, tiny): take a seat link's token out
// of the address at once, read /table.json, then either rejoin the seat kept for this
// table or show the lobby; once seated, the table shell draws the game module.

import { _, preferred, setLanguage } from "./i18n.js";
import { keptName, showLobby } from "./lobby.js";
import { keepSeat, keptSeat, Seat } from "./seat.js";
import { el, modulePath, TableShell } from "./table.js";

/** Codes that send the page back to the lobby (the seat asked for cannot be had). */
const TO_LOBBY = new Set(["seat-taken", "seat-is-bot", "no-such-seat", "bad-token", "table-full", "replaced"]);
/** A phone seat waiting for the next game (net/PROTOCOL.md "The next game"): the first
 * knock's wait, the longest, and when it gives up (milliseconds). */
const NEXT_FIRST = 1000;
const NEXT_MAX = 8000;
const NEXT_GIVE_UP = 5 * 60 * 1000;

/**
 * A seat link's fragment (`#t=TOKEN&s=SEAT`), read and cleared from the address bar
 * at once (history.replaceState): the token is then kept in localStorage only.
 * @returns {{token: string, seat: number|null}|null}
 */
function takeFragment() {
  const hash = location.hash.replace(/^#/, "");
  if (!hash) return null;
  history.replaceState(null, "", location.pathname + location.search);
  const params = new URLSearchParams(hash);
  const token = params.get("t");
  if (!token) return null;
  const seat = Number.parseInt(params.get("s") || "", 10);
  return { token, seat: Number.isInteger(seat) ? seat : null };
}

/** The game's module, or a stand-in that says there is none yet. */
async function gameModule(game) {
  try {
    return await import(modulePath(game));
  } catch (e) {
    return {
      render(root, table) {
        root.replaceChildren(el("p", { class: "missing" }, table.view.over ? _("Game over") : "…"));
      },
    };
  }
}

async function boot() {
  const link = takeFragment(); // first of all: the token leaves the address bar
  const root = document.getElementById("app");
  await setLanguage(preferred());
  let info;
  try {
    const resp = await fetch("/table.json", { cache: "no-store" });
    info = await resp.json();
  } catch (e) {
    root.replaceChildren(el("p", { class: "note note-error" }, String(e)));
    return;
  }
  const before = keptSeat(info.table_id); // this browser held a seat here already
  if (link) keepSeat(info.table_id, link);
  const modulePromise = gameModule(info.game);

  async function sit(join, why = "") {
    const module = await modulePromise;
    const seat = new Seat(Object.assign({ protocol: info.protocol, tableId: info.table_id }, join));
    const shell = new TableShell(root, seat, info, module);
    seat.listen(({ kind, msg }) => {
      if (kind === "closed" && TO_LOBBY.has(String(msg.code))) {
        clearInterval(shell.ticker);
        let words = String(msg.message || msg.code);
        if (msg.code === "replaced" && shell.phoneSeat()) {
          // on a couch: somebody scanned this seat's code (their own by mistake?)
          words = _("Another phone scanned this seat's code and holds it now. A mix-up? Swap phones with that player: this one can scan the code still waiting on the table's screen");
        }
        lobby(words);
      } else if (shell.phoneSeat() && keptSeat(info.table_id)
        && ((kind === "closed" && msg.next) || (kind === "link" && msg.state === "closed" && !msg.code && seat.outcome))) {
        next(shell, seat); // the table deals the next game, or its link dropped after the outcome
      }
    });
    seat.open();
    shell.render();
  }

  /** Wait for the next game at this address and take this seat in it (same table id,
   * same kept token: the screen's next table is this table again), knocking with a
   * bounded back-off; after NEXT_GIVE_UP, say to scan the code again. */
  function next(shell, seat) {
    seat.close();
    shell.waitNext("waiting");
    const end = performance.now() + NEXT_GIVE_UP;
    let wait = NEXT_FIRST;
    async function knock() {
      let fresh = null;
      const giveUp = new AbortController(); // a knock never answered is one not there
      const timer = setTimeout(() => giveUp.abort(), NEXT_MAX);
      try {
        const resp = await fetch("/table.json", { cache: "no-store", signal: giveUp.signal });
        if (resp.ok) fresh = await resp.json();
      } catch (e) {
        /* not there yet */
      } finally {
        clearTimeout(timer);
      }
      const kept = keptSeat(info.table_id);
      if (fresh && fresh.table_id === info.table_id && kept) {
        clearInterval(shell.ticker);
        info = fresh;
        sit({ player: keptName(), seat: kept.seat, spectator: false, token: kept.token });
      } else if ((fresh && fresh.table_id !== info.table_id) || performance.now() > end) {
        shell.waitNext("gone");
      } else {
        setTimeout(knock, wait);
        wait = Math.min(NEXT_MAX, wait * 2);
      }
    }
    setTimeout(knock, wait);
  }

  async function lobby(message = "") {
    let fresh = info;
    try {
      fresh = await (await fetch("/table.json", { cache: "no-store" })).json();
    } catch (e) {
      /* keep the first */
    }
    showLobby(root, fresh, (choice) => sit({ player: choice.player, seat: choice.seat, spectator: choice.spectator, token: null }), message);
  }

  const kept = keptSeat(info.table_id);
  if (kept) {
    const returning = !!before && before.token === kept.token;
    sit({ player: keptName(), seat: kept.seat, spectator: false, token: kept.token, returning });
  }
  else lobby();
}

boot();
