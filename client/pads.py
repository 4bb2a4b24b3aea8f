"""Gamepads for couch play (issue 16, "Couch play with pads"): one place that knows
pads, so no table grows pad code.

A pad is a game controller seen through pygame-ce's controller API
(``pygame._sdl2.controller``): SDL names its buttons after an Xbox pad (A, B, X, Y,
the shoulders LB/RB, the triggers LT/RT, Back, Start, the d-pad), whatever the make.

* :class:`Pads` (one per window, ``app.pads``) keeps the pads plugged in (their names,
  from the ``CONTROLLERDEVICEADDED`` / ``CONTROLLERDEVICEREMOVED`` events), which pad
  plays which seat (:attr:`Pads.seats`, set by the New game screen), and turns a pad's
  input into a *pad word* (:meth:`Pads.word`): a button press, or a stick or trigger
  pushed past half-way (one word per push: it must come back under a quarter before
  it counts again).
* :func:`key_for` maps a pad word to the keyboard key the shown table already
  understands (per game, :data:`KEYS`); the table contract
  (:meth:`client.tables.base.TableScene.handle_event`) replays it as that key, so a pad
  does exactly what the keyboard does.
* :func:`legend` is the pad's line of the table's key legend ("A play · B pass …"),
  shown while a pad is in use.

Rules of a couch with pads (:func:`may_act`): a seat given a pad takes pad input only
from that pad (keyboard and mouse always work); a pad given to no seat of the table
plays any seat that has no pad. A pad unplugged mid-game frees its seat (keyboard and
mouse, or a free pad) and the table says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from client import assets
from client.i18n import _

#: The controller events a table hands to :class:`Pads` (input and plugging).
INPUT = frozenset(
    {pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION}
)
PLUG = frozenset({pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED})

#: Pad words of the buttons (SDL's game-controller names).
BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
#: Axis values run -32768..32767 (triggers 0..32767): past PUSH a push counts, and the
#: axis must come back under RELEASE before the next one does.
PUSH, RELEASE = 16000, 8000
#: The left stick's two axes: (word for negative, word for positive) values.
STICK = {
    pygame.CONTROLLER_AXIS_LEFTX: ("left", "right"),
    pygame.CONTROLLER_AXIS_LEFTY: ("up", "down"),  # SDL: positive is down
}
#: The d-pad's buttons by word (a held direction repeats as its d-pad button).
DIRECTIONS = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
#: A held direction repeats after REPEAT[0] seconds, then every REPEAT[1] seconds.
REPEAT = (0.4, 0.1)
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lt", pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "rt"}


@dataclass
class Pad:
    """One pad plugged in: its SDL instance id, its name, the open controller (None
    when SDL could not open it, e.g. an event posted by a test)."""

    instance_id: int
    name: str
    controller: object | None = None


class Pads:
    """The window's pads: who is plugged in, which seat each plays, and the words they
    say. Made once per window (``client.app.App``), it starts SDL's controller
    subsystem (without it SDL sends no controller events)."""

    def __init__(self) -> None:
        #: Pads by SDL instance id.
        self.pads: dict[int, Pad] = {}
        #: seat → instance id of the pad that plays it (the New game screen's choice).
        self.seats: dict[int, int] = {}
        #: The names of pads unplugged (instance id → name), for the tables' notices.
        self.gone: dict[int, str] = {}
        self._axes: dict[tuple[int, int], int] = {}  # (pad, axis) → -1, 0, +1 pushed
        #: Directions held down: (pad, word) → when it repeats (on :attr:`_clock`).
        self._held: dict[tuple[int, str], float] = {}
        self._clock = 0.0  # seconds, advanced by :meth:`tick`
        try:
            from pygame._sdl2 import controller

            controller.init()
        except (ImportError, pygame.error):
            pass  # no controller support: keyboard and mouse only

    # ------------------------------------------------------------------ plugging
    def track(self, event: pygame.event.Event) -> None:
        """Note a pad plugged in (``CONTROLLERDEVICEADDED``: ``device_index``) or
        pulled out (``CONTROLLERDEVICEREMOVED``: ``instance_id``; its seat is freed).
        Other events are ignored. Never raises: a pad SDL cannot open is skipped."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            index = getattr(event, "device_index", None)
            try:
                from pygame._sdl2 import controller

                pad = controller.Controller(index)
                iid = pad.as_joystick().get_instance_id()
                self.pads[iid] = Pad(iid, self._unique(pad.name) or self._default_name(), pad)
            except (ImportError, pygame.error, TypeError, ValueError, AttributeError):
                pass  # gone already, or not a device (a test's event)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.remove(getattr(event, "instance_id", None))

    def add(self, instance_id: int, name: str | None = None) -> Pad:
        """Know pad ``instance_id`` (by ``name``, else "Pad N"); returns it. A pad heard
        before its plugging was seen (plugged in on another screen, or a test's
        events) is added on its first word."""
        pad = self.pads.get(instance_id)
        if pad is None:
            pad = Pad(instance_id, self._unique(name) or self._default_name())
            self.pads[instance_id] = pad
        return pad

    def remove(self, instance_id: int | None) -> Pad | None:
        """Forget pad ``instance_id`` (unplugged) and free its seat; returns it, or None
        for a pad not known."""
        for seat in [s for s, i in self.seats.items() if i == instance_id]:
            del self.seats[seat]
        self._axes = {k: v for k, v in self._axes.items() if k[0] != instance_id}
        self._held = {k: v for k, v in self._held.items() if k[0] != instance_id}
        pad = self.pads.pop(instance_id, None)
        if pad is not None:
            self.gone[pad.instance_id] = pad.name
        if pad is not None and pad.controller is not None:
            try:
                pad.controller.quit()
            except pygame.error:
                pass
        return pad

    def _unique(self, name: str | None) -> str | None:
        """``name``, numbered when a pad of the same name is plugged in already (two
        pads of one make: "PS4 Controller", "PS4 Controller 2")."""
        names = {p.name for p in self.pads.values()}
        n, unique = 1, name
        while unique in names:
            n += 1
            unique = f"{name} {n}"
        return unique

    def _default_name(self) -> str:
        n = 1
        names = {p.name for p in self.pads.values()}
        while _("Pad {n}").format(n=n) in names:
            n += 1
        return _("Pad {n}").format(n=n)

    def name(self, instance_id: int | None) -> str:
        """Pad ``instance_id``'s name ("" for none)."""
        pad = self.pads.get(instance_id)
        return pad.name if pad is not None else ""

    # ------------------------------------------------------------------ input
    def word(self, event: pygame.event.Event) -> tuple[int, str] | None:
        """``(instance id, pad word)`` for a button press, or a stick or trigger pushed
        past :data:`PUSH`; None for anything else (a release, a small move). Words:
        ``a b x y lb rb lt rt back start up down left right``. A direction held down
        says its word again after :data:`REPEAT` (see :meth:`tick`)."""
        iid = getattr(event, "instance_id", None)
        if iid is None:
            return None
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            word = BUTTONS.get(getattr(event, "button", None))
        elif event.type == pygame.CONTROLLERAXISMOTION:
            axis = getattr(event, "axis", None)
            word = self._push(iid, axis, getattr(event, "value", 0))
            if axis in STICK and self._axes.get((iid, axis)) == 0:
                for w in STICK[axis]:
                    self._held.pop((iid, w), None)  # the stick came back: no repeat
        else:
            if event.type == pygame.CONTROLLERBUTTONUP:
                self._held.pop((iid, BUTTONS.get(getattr(event, "button", None))), None)
            return None
        if word is None:
            return None
        if word in DIRECTIONS and not getattr(event, "repeat", False):
            for w in DIRECTIONS:  # one direction at a time
                self._held.pop((iid, w), None)
            self._held[(iid, word)] = self._clock + REPEAT[0]
        self.add(iid)
        return iid, word

    def tick(self, dt: float) -> list[pygame.event.Event]:
        """Advance the pads' clock by ``dt`` seconds: the d-pad presses that held
        directions repeat now (a held direction repeats after the first of
        :data:`REPEAT`'s seconds, then every second one), marked ``repeat``."""
        self._clock += dt
        out = []
        for (iid, word), due in list(self._held.items()):
            if self._clock >= due:
                later = due + REPEAT[1]  # on the beat; after a long frame, from now
                self._held[(iid, word)] = later if later > self._clock else self._clock + REPEAT[1]
                out.append(
                    pygame.event.Event(
                        pygame.CONTROLLERBUTTONDOWN,
                        instance_id=iid,
                        button=DIRECTIONS[word],
                        repeat=True,
                    )
                )
        return out

    def holding(self) -> bool:
        """Whether a direction is held down (its repeats need frames)."""
        return bool(self._held)

    def as_key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A pad's word as the key it means on a screen without pad input of its own
        (:data:`SCREEN_KEYS`: the menu, the results, …), else None."""
        said = self.word(event)
        key = SCREEN_KEYS.get(said[1]) if said else None
        return key_event((key, 0), said[0]) if key is not None else None

    def _push(self, iid: int, axis, value: int) -> str | None:
        """A stick's or trigger's new push direction, once per push."""
        key = (iid, axis)
        was = self._axes.get(key, 0)
        now = 1 if value >= PUSH else -1 if value <= -PUSH else was
        if abs(value) < RELEASE:
            now = 0
        self._axes[key] = now
        if now == 0 or now == was:
            return None
        if axis in STICK:
            return STICK[axis][0 if now < 0 else 1]
        if axis in TRIGGERS and now > 0:
            return TRIGGERS[axis]
        return None


def take_seat(window: Pads, instance_id: int, local: list[int]) -> None:
    """The New game screen's A: pad ``instance_id`` takes the first of the ``local``
    seats (the form's local players, in order) that has no pad; pressed again, the
    next one after its own, and after the last none (it gives its seat up)."""
    mine = next((s for s, i in window.seats.items() if i == instance_id), None)
    free = [s for s in local if s not in window.seats]
    later = [s for s in free if mine is None or s > mine]
    window.seats.pop(mine, None)
    if later:
        window.seats[later[0]] = instance_id


def leave_seat(window: Pads, instance_id: int) -> None:
    """The New game screen's B: pad ``instance_id`` gives its seat up."""
    for seat in [s for s, i in window.seats.items() if i == instance_id]:
        del window.seats[seat]


def keep_seats(window: Pads, local: list[int]) -> None:
    """Drop the pads' seats that are no longer local players' (``local``), and the
    seats of pads no longer plugged in."""
    window.seats = {s: i for s, i in window.seats.items() if s in local and i in window.pads}


def may_act(pad_seats: Mapping[int, int], instance_id: int, seat: int | None) -> bool:
    """Whether pad ``instance_id`` may act for ``seat`` at a table whose seats are
    played by the pads ``pad_seats`` (seat → instance id): its own seat, or a seat with
    no pad when this pad plays no seat there. ``seat`` None (nobody's decision) is
    nobody's: False."""
    if seat is None:
        return False
    own = pad_seats.get(seat)
    if own is not None:
        return own == instance_id
    return instance_id not in pad_seats.values()


# ---------------------------------------------------------------------- key maps
#: What a pad word means at every table: the d-pad and the stick are the arrows, Start
#: is Esc (the question before leaving), Back is F1 (the rules).
COMMON = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "start": pygame.K_ESCAPE,
    "back": pygame.K_F1,
    "a": pygame.K_RETURN,
    "b": pygame.K_BACKSPACE,
}

#: What a pad word means on the other screens (menu, results, help …): the arrows, A
#: is Enter (the screen's main button), B is Esc (back), Back is F1.
SCREEN_KEYS = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "a": pygame.K_RETURN,
    "start": pygame.K_RETURN,
    "b": pygame.K_ESCAPE,
    "back": pygame.K_F1,
}

#: A key with its modifiers: ``(key, mod)``.
Key = tuple[int, int]


def _teamplay_b(table) -> int:
    """Teamplay's B: swap a new mission (R), else end the turn (E)."""
    return pygame.K_r if table.mode() == "fresh" else pygame.K_e


#: The Game's pile signals, in the order Y arms them (the engine's words).
SIGNALS = ("dont-play", "can-play-well")

#: The Game's four piles left to right (asc1 asc2 desc1 desc2, keys A S D F) on a pad.
PILE_BUTTONS = ("LT", "LB", "RB", "RT")
PILE_WORDS = ("lt", "lb", "rb", "rt")

#: Each game's pad words over :data:`COMMON`: a key, ``(key, mod)``, or a function of
#: the table giving either (a word whose meaning changes with the decision).
KEYS: dict[str, dict[str, int | Key | Callable]] = {
    # take5.md: choose a card (←/→, A); a too-low card takes a row (↑/↓, A); Y shows
    # your own penalty pile.
    "take5": {"y": pygame.K_p},
    # the-game.md: the four piles left to right are LT LB RB RT (keys A S D F); B ends
    # the turn (the game's pass), X declares the block.
    "the-game": {
        "lt": pygame.K_a,
        "lb": pygame.K_s,
        "rb": pygame.K_d,
        "rt": pygame.K_f,
        "b": pygame.K_e,
        "x": pygame.K_b,
    },
    # teamplay.md: X selects the card at the cursor; the bank's cards and the draw
    # pile left to right are LT LB RB RT (keys 1 2 3 D); A completes (keeps a new
    # mission, discards at the hand limit); Y gives; B ends the turn (swaps a mission).
    "teamplay": {
        "x": pygame.K_SPACE,
        "lt": pygame.K_1,
        "lb": pygame.K_2,
        "rb": pygame.K_3,
        "rt": pygame.K_d,
        "y": pygame.K_g,
        "b": _teamplay_b,
    },
    # sequence-numbers.md: LB/RB pick a card, the arrows move on the board, A places;
    # X trades a dead card, Y discards when no card can be played.
    "sequence-numbers": {
        "lb": (pygame.K_TAB, pygame.KMOD_SHIFT),
        "rb": pygame.K_TAB,
        "x": pygame.K_d,
        "y": pygame.K_x,
    },
    # guandan.md: ←/→ move, X picks, ↑/↓ the whole rank, A plays (or gives), B
    # passes, Y hints, LB the next reading, RB sorts, RT the last trick.
    "guandan": {
        "x": pygame.K_SPACE,
        "b": pygame.K_p,
        "y": pygame.K_h,
        "lb": pygame.K_TAB,
        "rb": pygame.K_o,
        "rt": pygame.K_l,
    },
}


def key_for(table, word: str) -> Key | None:
    """The keyboard key (``(key, mod)``) that pad word ``word`` stands for at
    ``table`` (its ``game_id`` picks the map; a function in :data:`KEYS` reads the
    table's decision); None for a word the table does not use. With a pile signal
    armed (:func:`arm_signal`) a pile button is its key with Shift or Ctrl."""
    got = KEYS.get(table.game_id, {}).get(word, COMMON.get(word))
    if callable(got):
        got = got(table)
    if got is None:
        return None
    key = got if isinstance(got, tuple) else (got, 0)
    armed = getattr(table, "pad_signal", None)
    if armed is not None and word in PILE_WORDS:
        return (key[0], pygame.KMOD_SHIFT if armed == SIGNALS[0] else pygame.KMOD_CTRL)
    return key


def seats_at(app, seats) -> dict[int, int]:
    """The pads (seat → instance id) of ``app``'s window that play the local seats
    ``seats`` of a table just opened ({} without pads)."""
    window = getattr(app, "pads", None)
    return {s: i for s, i in (window.seats if window else {}).items() if s in seats}


def table_input(table, event: pygame.event.Event) -> None:
    """A pad's event at ``table`` (a :class:`client.tables.base.TableScene`): a word
    is replayed as the key it stands for (:func:`key_for`) through the table's own
    ``handle_event``, when the pad may act for the seat concerned — the one behind
    the privacy screen, else the shown seat (:func:`may_act`); any pad may open the
    rules (Back) or the question before leaving (Start), and answer them (B: Esc,
    closing them). A pad
    pulled out frees its seat here (keyboard and mouse, or a free pad), with a
    notice."""
    window = getattr(table.app, "pads", None)
    if window is None:
        return
    if event.type == pygame.CONTROLLERDEVICEREMOVED:
        iid = getattr(event, "instance_id", None)
        for seat in [s for s, i in table.pad_seats.items() if i == iid]:
            del table.pad_seats[seat]
            table.presence.push(
                _("{pad} unplugged: {name} plays with the keyboard and mouse").format(
                    pad=window.gone.get(iid) or _("A pad"), name=table.name(seat)
                ),
                assets.RED,
            )
        return
    said = window.word(event)
    if said is None:
        return
    iid, word = said
    asked = table.leaving.open or table.help_open  # a question or the rules over the table
    seat = table.privacy_for if table.privacy_for is not None else table.perspective
    if word in ("y", "b") and not asked and can_arm(table, word):
        if may_act(table.pad_seats, iid, seat):
            arm_signal(table, word)
            table.pad_in_use = True
        return
    key = (pygame.K_ESCAPE, 0) if asked and word == "b" else key_for(table, word)
    if key is None:
        return
    anyone = asked or key[0] in (pygame.K_ESCAPE, pygame.K_F1)
    if anyone or may_act(table.pad_seats, iid, seat):
        armed = getattr(table, "pad_signal", None) is not None and word in PILE_WORDS
        table.handle_event(key_event(key, iid))
        if armed:
            table.pad_signal = None  # the signal went to its pile


def can_arm(table, word: str) -> bool:
    """Whether pad word ``word`` (Y or B) arms or disarms a pile signal at ``table``
    (:func:`arm_signal`): The Game, a seat that may signal now, and for B a signal
    armed."""
    if table.game_id != "the-game" or table.signal_seat() is None:
        return False
    return word == "y" or getattr(table, "pad_signal", None) is not None


def arm_signal(table, word: str) -> None:
    """The Game's pile signals on a pad (the-game.md "Communication"): Y arms
    "please don't play here", again "I can play well here", again nothing; B disarms;
    the next pile button (LT LB RB RT) then sends the armed signal for that pile (as
    Shift / Ctrl + its key, :func:`key_for`). Kept in ``table.pad_signal``."""
    armed = getattr(table, "pad_signal", None)
    if word == "b":
        table.pad_signal = None
        return
    order = [None, *SIGNALS]
    table.pad_signal = order[(order.index(armed) + 1) % len(order)]


def privacy_line(table, name: str) -> str:
    """The privacy screen's last line for the player ``name`` of the seat behind it:
    which pad opens it, when the seat has one."""
    window = getattr(table.app, "pads", None)
    pad = table.pad_seats.get(table.privacy_for)
    if pad is not None and window is not None:
        return _("{name}: press A on {pad} (or Enter, or click) to see your cards").format(
            name=name, pad=window.name(pad)
        )
    return _("{name}: click or press Enter to see your cards").format(name=name)


def key_event(key: Key, instance_id: int) -> pygame.event.Event:
    """The KEYDOWN event a pad's word is replayed as (``pad`` names the pad)."""
    return pygame.event.Event(
        pygame.KEYDOWN, key=key[0], mod=key[1], unicode="", scancode=0, pad=instance_id
    )


def legend(table) -> str:
    """The pad's line for ``table``'s key legend (what each button does there now)."""
    game = table.game_id
    if game == "take5":
        if table.my_decision() == "row":
            return _("Pad: ↑/↓ pick a row · A take it")
        return _("Pad: ←/→ pick a card · A play it · B clear · Y your pile")
    if game == "the-game":
        armed = getattr(table, "pad_signal", None)
        if armed is not None:
            signal = _("Don't") if armed == SIGNALS[0] else _("Play well")
            return _("Pad: signal “{signal}” on LT LB RB RT (the pile) · Y next · B cancel").format(
                signal=signal
            )
        return _(
            "Pad: ←/→ pick a card · LT LB RB RT the four piles · A its only pile · "
            "B end turn · X declare blocked · Y signal"
        )
    if game == "teamplay":
        if table.mode() == "fresh":
            return _("Pad: A keep the mission · B swap it")
        return _(
            "Pad: ←/→ move · X select · LT LB RB bank · RT draw pile · A complete · "
            "Y give · B end turn"
        )
    if game == "sequence-numbers":
        return _("Pad: A place · LB/RB pick a card · arrows move · X dead card · Y discard")
    if game == "guandan":
        return _(
            "Pad: A play · B pass · X pick · ←/→ move · ↑/↓ whole rank · Y hint · "
            "LB reading · RB sort"
        )
    return ""
