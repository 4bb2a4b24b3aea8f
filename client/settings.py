"""Player settings saved as JSON under the user's config folder (platformdirs).

Fields: ``name`` (str), ``window`` ([width, height] pixels), ``fullscreen`` (bool),
``animation_speed`` (float, 1.0 = normal; 0.25..4), ``language`` (str or "" = system),
``volume`` (float 0..1), ``mute`` (bool), ``ui_scale`` (float 0.75..1.5, 1.0 = normal:
the size of text in tables and overlays), ``last_game`` (str: the game id of the last
table started or hosted from this window, "" = none yet; Quick game deals it),
``howto_seen`` (list of game ids whose first-time "How to play" was already offered),
``bot_pause`` (one of :data:`BOT_PAUSES`: how long bots at this window's tables pause
before each decision), ``room_fullscreen`` (bool: a table with phone seats — the screen
is the room's table — opens fullscreen; :meth:`client.app.App.room_screen`),
``name_asked`` (bool: the name was asked before a first LAN game,
:mod:`client.scenes.askname`).

A file written by a newer Tapete keeps the keys this one does not know: they are saved
back as they were. A file that is not JSON (or not a JSON object) is not lost either: it
is moved to ``settings.json.bad`` and the player is told (:attr:`Settings.problem`, also
printed on stderr), and the defaults are used.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import platformdirs

APP = "tapete"

#: The bots' pause before each decision, by setting: seconds, or ``(low, high)`` — a
#: pause drawn per decision in that range (net/host.py ``Table.bot_pause``; it depends on
#: nothing hidden and changes no choice). "natural" is the default.
BOT_PAUSES: dict[str, float | tuple[float, float]] = {
    "off": 0.0,
    "short": (0.25, 0.6),
    "natural": (0.6, 1.4),
}


def config_dir() -> Path:
    """The folder for settings: ``$TAPETE_CONFIG_DIR`` if set, else platformdirs'
    user config folder for "tapete"."""
    env = os.environ.get("TAPETE_CONFIG_DIR")
    return Path(env) if env else Path(platformdirs.user_config_dir(APP))


#: The name a new player has until they type theirs (shown translated: Settings.shown_name).
DEFAULT_NAME = "Player"


@dataclass
class Settings:
    name: str = DEFAULT_NAME
    window: list[int] = field(default_factory=lambda: [1280, 720])
    fullscreen: bool = False
    animation_speed: float = 1.0
    language: str = ""
    volume: float = 0.7
    mute: bool = False
    ui_scale: float = 1.0
    last_game: str = ""
    howto_seen: list[str] = field(default_factory=list)
    bot_pause: str = "natural"
    room_fullscreen: bool = True
    name_asked: bool = False

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """Read settings from ``path`` (default ``config_dir()/settings.json``); a missing
        or unreadable file gives defaults, bad values reset, unknown keys are kept for
        :meth:`save`; a garbled file is moved aside (:meth:`_set_aside`)."""
        path = path or config_dir() / "settings.json"
        s = cls()
        try:
            data = json.loads(path.read_bytes().decode("utf-8"))
        except OSError:
            return s
        except ValueError as exc:  # not JSON, or not UTF-8
            s._set_aside(path, f"not readable as settings ({exc.__class__.__name__})")
            return s
        if not isinstance(data, dict):
            s._set_aside(path, "not a JSON object")
            return s
        known = {f for f in cls.__dataclass_fields__}
        s.unknown = {k: v for k, v in data.items() if k not in known}
        if isinstance(data, dict):
            if isinstance(data.get("name"), str) and data["name"].strip():
                s.name = data["name"].strip()[:24]
            w = data.get("window")
            if (
                isinstance(w, list)
                and len(w) == 2
                and all(isinstance(x, int) for x in w)
                and 640 <= w[0] <= 7680
                and 480 <= w[1] <= 4320
            ):
                s.window = w
            if isinstance(data.get("fullscreen"), bool):
                s.fullscreen = data["fullscreen"]
            sp = data.get("animation_speed")
            if isinstance(sp, (int, float)) and 0.25 <= sp <= 4:
                s.animation_speed = float(sp)
            if isinstance(data.get("language"), str):
                s.language = data["language"]
            vol = data.get("volume")
            if isinstance(vol, (int, float)) and not isinstance(vol, bool) and 0 <= vol <= 1:
                s.volume = float(vol)
            if isinstance(data.get("mute"), bool):
                s.mute = data["mute"]
            ui = data.get("ui_scale")
            if isinstance(ui, (int, float)) and not isinstance(ui, bool) and 0.75 <= ui <= 1.5:
                s.ui_scale = float(ui)
            if isinstance(data.get("last_game"), str):
                s.last_game = data["last_game"][:40]
            seen = data.get("howto_seen")
            if isinstance(seen, list):
                s.howto_seen = [g for g in seen if isinstance(g, str)][:32]
            if data.get("bot_pause") in BOT_PAUSES:
                s.bot_pause = data["bot_pause"]
            if isinstance(data.get("room_fullscreen"), bool):
                s.room_fullscreen = data["room_fullscreen"]
            if isinstance(data.get("name_asked"), bool):
                s.name_asked = data["name_asked"]
        return s

    #: Keys of the file this version does not know (a newer Tapete's): saved back.
    unknown: dict = field(default_factory=dict, repr=False, compare=False)
    #: What went wrong reading the file ("" when nothing did), for the player.
    problem: str = field(default="", repr=False, compare=False)

    def _set_aside(self, path: Path, why: str) -> None:
        """Keep a garbled settings file as ``settings.json.bad`` (replacing an older
        one) and say so: the defaults are used, nothing the player had is deleted."""
        bad = path.with_name(path.name + ".bad")
        try:
            os.replace(path, bad)
            kept = f"it was kept as {bad}"
        except OSError as exc:
            kept = f"it could not be moved aside ({exc.strerror or exc})"
        self.problem = f"the settings file {path} is {why}: {kept}; the defaults are used"
        print(f"tapete: {self.problem}", file=sys.stderr, flush=True)

    def bot_delay(self) -> float | tuple[float, float]:
        """The host's bot delay for :attr:`bot_pause` (:data:`BOT_PAUSES`)."""
        return BOT_PAUSES.get(self.bot_pause, BOT_PAUSES["natural"])

    def shown_name(self) -> str:
        """The name to show this player (menu greeting, New game's first seat, a
        table's name): :attr:`name`, or "Player" in the current language while the
        name is still the untouched default (the stored key stays "Player": the
        statistics' profile is kept by it)."""
        from client.i18n import _

        return _("Player") if self.name == DEFAULT_NAME else self.name

    def asks_name(self) -> bool:
        """Whether to ask this player's name before a LAN game (the first Host or Join,
        :mod:`client.scenes.askname`): the name is the untouched default and was never
        asked."""
        return self.name == DEFAULT_NAME and not self.name_asked

    def save(self, path: Path | None = None) -> Path:
        """Write settings as JSON; returns the path. Raises ``OSError`` if unwritable."""
        path = path or config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asdict(self)
        data.pop("unknown", None)
        data.pop("problem", None)
        data = {**self.unknown, **data}  # a newer version's keys stay
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        return path
