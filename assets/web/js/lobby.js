// The table's lobby (client/scenes/lobby.py's guest side): the game, the table's name,
// the seats (an open one has a Sit button), a name box (remembered) and Watch. Drawn
// from /table.json (public: no tokens), read again every 2 s while it shows.

import { _, fmt, LANGUAGES, language, ngettext, setLanguage } from "./i18n.js";
import { el, GAME_NAMES } from "./table.js";

const NAME_KEY = "tapete:name";
/** Milliseconds between two reads of /table.json while the lobby shows. */
const REFRESH = 2000;

/** The name kept from last time ("" for none). */
export function keptName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (e) {
    return "";
  }
}

function keepName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (e) {
    /* storage off */
  }
}

/**
 * Show the lobby of `info` in `root` until the player sits or watches: then
 * `choose({seat, spectator, player})` is called once.
 * @param {function({seat: number|null, spectator: boolean, player: string}): void} choose
 * @param {string} [message]  a line to show first (why the page came back here)
 * @returns {function(): void} stop (the lobby stops reading /table.json)
 */
export function showLobby(root, info, choose, message = "") {
  let current = info;
  let stopped = false;
  const nameBox = el("input", {
    type: "text", maxlength: 32, autocomplete: "nickname", "data-field": "name", value: keptName(),
  });
  const langSel = el("select", { "data-action": "language", "aria-label": "Language" });
  for (const [code, name] of Object.entries(LANGUAGES)) langSel.append(el("option", { value: code }, name));
  langSel.value = language();
  langSel.addEventListener("change", async () => {
    await setLanguage(langSel.value);
    draw();
  });

  function pick(seat, spectator) {
    const player = nameBox.value.trim().slice(0, 32);
    keepName(player);
    stop();
    choose({ seat, spectator, player });
  }

  function draw() {
    const seats = current.seats || [];
    const open = seats.filter((s) => s.state === "open").length;
    const rows = seats.map((s) => {
      const n = Number(s.seat);
      const label = fmt(_("Seat {n}"), { n: n + 1 });
      let who;
      if (s.state === "open") who = _("open — waiting for a player");
      else if (s.kind === "bot") who = `${s.name} · ${_("bot")}`;
      else who = s.name || "";
      return el("li", { class: `lobby-seat state-${s.state}`, "data-seat": n },
        el("span", { class: "seat-no" }, label),
        el("span", { class: "seat-who" }, who),
        s.state === "open"
          ? el("button", { class: "sit", "data-action": "sit", "data-seat": n, onclick: () => pick(n, false) }, _("Sit"))
          : null);
    });
    root.className = "lobby";
    root.replaceChildren(
      el("header", { class: "bar" }, el("h1", { class: "title" }, GAME_NAMES[current.game] || current.game), langSel),
      el("section", { class: "lobby-body" },
        el("h2", { class: "table-name" }, current.table || ""),
        el("p", { class: "counts" }, fmt(ngettext("{open} of {total} seats open", "{open} of {total} seats open", open), { open, total: seats.length })),
        message ? el("p", { class: "note note-error" }, message) : null,
        el("label", { class: "name-box" }, el("span", {}, _("Your name")), nameBox),
        el("ul", { class: "lobby-seats" }, rows),
        el("button", { class: "watch", "data-action": "watch", onclick: () => pick(null, true) }, _("Watch"))));
    performance.mark("tapete:lobby");
  }

  async function refresh() {
    if (stopped) return;
    try {
      const resp = await fetch("/table.json", { cache: "no-store" });
      if (resp.ok) {
        const fresh = await resp.json();
        const focused = document.activeElement === nameBox;
        if (!stopped && JSON.stringify(fresh.seats) !== JSON.stringify(current.seats)) {
          current = fresh;
          draw();
          if (focused) nameBox.focus();
        }
      }
    } catch (e) {
      /* the host is away a moment: keep what shows */
    }
    if (!stopped) timer = setTimeout(refresh, REFRESH);
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
  }

  draw();
  let timer = setTimeout(refresh, REFRESH);
  return stop;
}
