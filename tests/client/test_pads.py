"""Gamepads at the tables (issue 16, "Couch play with pads"; :mod:`client.pads`).

No pad is plugged in here: the tests post the controller events SDL would send (a
button with its pad's ``instance_id``, a stick or trigger's axis value, a pad pulled
out) and assert what the table does: the action it sends, the seat it lets act, the
notice it shows. Keyboard and mouse keep working beside the pads."""

from __future__ import annotations

import pygame

from client import pads
from client.i18n import _
from client.launch import start_table
from tests.client.conftest import run_until
from tests.client.test_tables_contract import recorder, seated

PAD, OTHER = 41, 42


def press(table, word: str, pad: int = PAD, frames: int = 1) -> None:
    """Pad ``pad`` says ``word``: a button, or a trigger pulled all the way and let go;
    then ``frames`` frames."""
    app = table.app
    if word in ("lt", "rt"):
        axis = {"lt": pygame.CONTROLLER_AXIS_TRIGGERLEFT, "rt": pygame.CONTROLLER_AXIS_TRIGGERRIGHT}
        events = [
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis[word], value=32767
            ),
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis[word], value=0
            ),
        ]
    else:
        button = {v: k for k, v in pads.BUTTONS.items()}[word]
        events = [
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button),
        ]
    app.frame(1 / 30, events)
    for _i in range(frames - 1):
        app.frame(1 / 30, [])


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


# ---------------------------------------------------------------- words and rules
def test_a_stick_pushed_past_half_way_is_one_move_until_it_comes_back(app):
    p = app.pads

    def axis(value, which=pygame.CONTROLLER_AXIS_LEFTX):
        return p.word(
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=which, value=value
            )
        )

    assert axis(10000) is None  # under PUSH: nothing yet
    assert axis(20000) == (PAD, "right")
    assert axis(32767) is None  # still the same push
    assert axis(12000) is None  # not back under RELEASE
    assert axis(30000) is None
    assert axis(2000) is None  # back to the middle
    assert axis(-30000) == (PAD, "left")
    assert axis(-30000, pygame.CONTROLLER_AXIS_LEFTY) == (PAD, "up")  # SDL: negative is up
    assert axis(0, pygame.CONTROLLER_AXIS_LEFTY) is None
    assert axis(30000, pygame.CONTROLLER_AXIS_LEFTY) == (PAD, "down")
    assert axis(30000, pygame.CONTROLLER_AXIS_TRIGGERRIGHT) == (PAD, "rt")
    assert p.name(PAD) == _("Pad {n}").format(n=1)  # heard before its plugging: named


def test_a_direction_held_down_repeats_until_it_is_let_go(app):
    p = app.pads
    right = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
    down = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=right)
    assert p.word(down) == (PAD, "right")
    assert p.holding()
    assert p.tick(pads.REPEAT[0] - 0.05) == []  # not yet
    again = p.tick(0.05)
    assert [(e.instance_id, e.button, e.repeat) for e in again] == [(PAD, right, True)]
    assert p.word(again[0]) == (PAD, "right")  # a repeat keeps the pace …
    assert p.tick(pads.REPEAT[1] / 2) == []
    assert len(p.tick(pads.REPEAT[1] / 2)) == 1  # … every REPEAT[1] seconds
    p.word(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=right))
    assert not p.holding() and p.tick(1.0) == []
    # The stick: held past half-way it repeats; back in the middle it stops.
    stick = pygame.CONTROLLER_AXIS_LEFTY

    def axis(value):
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=stick, value=value
        )

    assert p.word(axis(-30000)) == (PAD, "up")
    assert [e.button for e in p.tick(pads.REPEAT[0])] == [pygame.CONTROLLER_BUTTON_DPAD_UP]
    assert p.word(axis(0)) is None and not p.holding()
    # A held pad's repeats reach the table as presses, frame by frame.
    table = seated(app, "take5")
    hand = list(table.board["hand"])
    app.frame(1 / 30, [down])
    assert table.selected == hand[0]
    for _i in range(int((pads.REPEAT[0] + 2.5 * pads.REPEAT[1]) * 100)):
        app.frame(0.01, [])
    assert table.selected == hand[3]  # the press, then three repeats


def test_a_pad_plays_its_own_seat_or_any_seat_without_a_pad():
    seats = {0: PAD, 2: OTHER}
    assert pads.may_act(seats, PAD, 0)
    assert not pads.may_act(seats, OTHER, 0)
    assert not pads.may_act(seats, PAD, 2)
    assert not pads.may_act(seats, PAD, 1)  # PAD plays seat 0 here, not a free seat
    assert pads.may_act(seats, 99, 1)  # a pad of no seat plays a seat of no pad
    assert not pads.may_act(seats, 99, 0)
    assert not pads.may_act(seats, PAD, None)  # nobody's decision


def test_a_pad_unplugged_is_forgotten_with_its_seat(app):
    app.pads.add(PAD, "Xbox Wireless Controller")
    app.pads.seats = {1: PAD}
    app.frame(1 / 30, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)])
    assert app.pads.seats == {} and PAD not in app.pads.pads
    assert app.pads.gone[PAD] == "Xbox Wireless Controller"
    # A plugging SDL cannot open (no such device) is skipped, not an error.
    app.frame(1 / 30, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=5)])
    assert app.pads.pads == {}


def test_on_a_screen_without_pads_of_its_own_a_pad_is_the_arrows_enter_and_esc(app):
    """The menu, the results, the settings …: A is Enter (the screen's main button),
    B is Esc (back), the d-pad and the stick the arrows, Back F1."""
    from client.scene import Scene

    class Screen(Scene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.keys: list[int] = []

        def handle_event(self, event) -> None:
            if event.type == pygame.KEYDOWN:
                self.keys.append(event.key)

    screen = Screen(app)
    app.switch(screen)
    for word in ("a", "b", "down", "back", "start", "x"):
        press(screen, word)
    app.frame(
        1 / 30,
        [
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION,
                instance_id=PAD,
                axis=pygame.CONTROLLER_AXIS_LEFTX,
                value=-32768,
            )
        ],
    )
    assert screen.keys == [
        pygame.K_RETURN,
        pygame.K_ESCAPE,
        pygame.K_DOWN,
        pygame.K_F1,
        pygame.K_RETURN,
        pygame.K_LEFT,
    ]


def test_a_pad_opens_and_closes_the_rules_and_the_question_before_leaving(app):
    table = seated(app, "take5")
    press(table, "back")
    assert table.help_open
    press(table, "b")  # B closes the rules (as Esc does)
    assert not table.help_open
    press(table, "start")
    assert table.leaving.open
    press(table, "b")  # B: stay
    assert not table.leaving.open and app.scene is table


# ---------------------------------------------------------------- the five tables
def test_take5_a_pad_picks_a_card_and_plays_it(app):
    table = seated(app, "take5")
    sent = recorder(table)
    hand = list(table.board["hand"])
    press(table, "right")
    press(table, "right")
    assert table.selected == hand[1]
    press(table, "b")  # B drops the selection (take5 has no pass)
    assert table.selected is None and sent == []
    press(table, "right")
    press(table, "a")
    assert sent == [{"type": "choose", "card": hand[0]}]
    assert table.pad_in_use
    table.handle_event(key(pygame.K_LEFT))  # the keyboard takes over: its legend again
    assert not table.pad_in_use


def sends(table) -> list[tuple[int, dict]]:
    """The (seat, action) pairs the table sends from now on (still sent)."""
    sent: list[tuple[int, dict]] = []
    real = table.session.send
    table.session.send = lambda seat, action: (sent.append((seat, action)), real(seat, action))
    return sent


def test_take5_couch_each_pad_passes_its_own_privacy_screen_and_plays_its_seat(app):
    """Two players, two pads (seat 0: PAD, seat 1: OTHER). Seed 0 deals seat 0 a 5,
    lower than every row (30 the lowest): chosen against seat 1's higher card, it is
    revealed first and seat 0 must take a row (take5.md "A round")."""
    app.pads.seats = {0: PAD, 1: OTHER}
    table = start_table(app, "take5", ["human", "human"], 0, names=["Ana", "Béla"])
    sent = sends(table)
    assert table.pad_seats == {0: PAD, 1: OTHER}
    # Both choose at once and each seat's view comes on its own link, in any order: had
    # Béla's come first, the screen would be his. Once both are due, it goes to Ana.
    both = lambda: table.seats[0].awaited() and table.seats[1].awaited()  # noqa: E731
    assert run_until(app, lambda: table.privacy_for is not None and both(), 60)
    table.privacy_for = None
    assert run_until(app, lambda: table.privacy_for == 0, 60)
    press(table, "a", OTHER)  # another seat's pad does not open Ana's hand
    assert table.privacy_for == 0 and table.perspective is None
    press(table, "a", PAD)
    assert table.privacy_for is None and table.perspective == 0
    assert run_until(app, table.deciding, 30)
    hand = list(table.board["hand"])
    assert hand[0] == 5
    press(table, "right", OTHER)  # not OTHER's seat: nothing
    assert table.selected is None
    press(table, "right", PAD)
    press(table, "a", PAD)
    assert sent == [(0, {"type": "choose", "card": 5})]
    assert run_until(app, lambda: table.privacy_for == 1, 30)
    press(table, "a", PAD)
    assert table.privacy_for == 1
    press(table, "a", OTHER)
    assert table.perspective == 1
    assert run_until(app, table.deciding, 30)
    theirs = list(table.board["hand"])
    press(table, "left", OTHER)
    assert table.selected == theirs[-2]
    press(table, "a", OTHER)
    assert sent[-1] == (1, {"type": "choose", "card": theirs[-2]})
    assert run_until(app, lambda: table.privacy_for == 0, 30)
    press(table, "a", PAD)
    assert run_until(app, lambda: table.my_decision() == "row" and table.timeline.idle, 30)
    press(table, "down", PAD)
    press(table, "down", PAD)
    assert table.hover_row == 1
    press(table, "a", PAD)
    assert sent[-1] == (0, {"type": "take-row", "row": 1})


def test_the_game_a_pad_plays_on_a_pile_by_its_trigger_or_shoulder_and_ends_the_turn(app):
    table = seated(app, "the-game", options={"start": 0})
    sent = recorder(table)
    words = dict(zip(("asc1", "asc2", "desc1", "desc2"), ("lt", "lb", "rb", "rt"), strict=True))
    press(table, "b")  # B ends the turn: refused before the minimum (2 cards) is played
    assert sent == [] and table.message_t > 0
    for _n in range(2):
        assert run_until(app, table.deciding, 30)
        hand = list(table.board["hand"])
        press(table, "right")
        assert table.selected == hand[0]
        pile = table.piles_for(hand[0])[0]
        press(table, words[pile])
        assert sent[-1] == {"type": "play", "card": hand[0], "pile": pile}
    assert run_until(app, lambda: table.deciding() and table.can_end(), 30)
    press(table, "b")
    assert sent[-1] == {"type": "end-turn"}


def test_the_game_a_pad_arms_a_pile_signal_with_y_and_sends_it_with_a_pile_button(app):
    """the-game.md "Communication": Y arms "please don't play here", again "I can
    play well here", again nothing; B disarms (it does not end the turn then)."""
    table = seated(app, "the-game", options={"start": 0})
    sent = recorder(table)
    press(table, "y")
    assert table.pad_signal == "dont-play"
    assert pads.legend(table) == _(
        "Pad: signal “{signal}” on LT LB RB RT (the pile) · Y next · B cancel"
    ).format(signal=_("Don't"))
    press(table, "lb")
    assert sent == [{"type": "signal", "pile": "asc2", "signal": "dont-play"}]
    assert table.pad_signal is None
    assert run_until(app, lambda: not table.seat.waiting, 30)  # one action at a time
    press(table, "y")
    press(table, "y")
    assert table.pad_signal == "can-play-well"
    press(table, "rt")
    assert sent[-1] == {"type": "signal", "pile": "desc2", "signal": "can-play-well"}
    press(table, "y")
    press(table, "b")
    assert table.pad_signal is None and len(sent) == 2  # B only disarmed
    for _i in range(3):
        press(table, "y")
    assert table.pad_signal is None  # the third Y disarms


def test_teamplay_a_pad_keeps_its_mission_draws_twice_and_ends_the_turn(app):
    table = seated(app, "teamplay")
    sent = recorder(table)
    assert table.mode() == "fresh"
    press(table, "a")  # A keeps the new mission
    assert sent == [{"type": "keep"}]
    assert run_until(app, lambda: table.mode() == "play" and table.seat.awaited(), 60)
    bank = list(table.board["bank"])
    press(table, "lt")  # the bank's first card
    assert sent[-1] == {"type": "draw", "from": "bank", "card": bank[0]}
    assert run_until(app, lambda: table.mode() == "play", 30)
    press(table, "rt")  # the draw pile
    assert sent[-1] == {"type": "draw", "from": "deck"}
    assert run_until(app, lambda: table.mode() == "play" and table.can_end(), 30)
    press(table, "x")  # X selects the card at the cursor
    assert table.selected == [table.board["hand"][table.cursor]]
    press(table, "b")  # B ends the turn
    assert sent[-1] == {"type": "end-turn"}


def test_sequence_numbers_a_pad_picks_a_card_and_places_a_chip(app):
    table = seated(app, "sequence-numbers")
    sent = recorder(table)
    press(table, "rb")  # RB: the first card, LB: back
    press(table, "rb")
    press(table, "lb")
    assert table.selected == 0
    hand = table.hand()
    i = next(i for i, face in enumerate(hand) if table.targets_for(face))
    for _i in range(i):
        press(table, "rb")
    assert table.selected == i
    target = sorted(table.targets())[0]
    r, c = table.cursor
    for _i in range((target[0] - r) % 10):
        press(table, "down")
    for _i in range((target[1] - c) % 10):
        press(table, "right")
    assert table.cursor == target
    press(table, "a")
    kind = "remove" if hand[i] == "minus" else "chip"
    assert sent == [{"type": kind, "card": hand[i], "row": target[0], "col": target[1]}]


def test_guandan_a_pad_picks_a_card_plays_it_and_passes(app):
    """Seed 7: seat 3 leads the first trick, so seat 0 may pass (B); it passes until a
    single card may be played (at the latest when it leads), then plays one (X, A)."""
    table = seated(app, "guandan")
    sent = recorder(table)
    assert table.can_pass()
    press(table, "b")
    assert sent == [{"type": "pass"}]
    for _turn in range(40):
        assert run_until(app, table.deciding, 60)
        order = list(table.hand.order)
        singles = [i for i, c in enumerate(order) if table.choices(type="play", cards=[c])]
        if singles:
            break
        press(table, "b")
        assert sent[-1] == {"type": "pass"}
    sent.clear()
    i = singles[0]
    for _i in range((i - table.hand.cursor) % len(order)):
        press(table, "right")
    press(table, "x")
    assert table.hand.selected == {order[i]}
    press(table, "a")
    assert len(sent) == 1
    assert sent[0]["type"] == "play" and sent[0]["cards"] == [order[i]]


def test_a_pad_unplugged_mid_game_frees_its_seat_and_the_table_plays_on(app):
    app.pads.add(PAD, "Xbox Wireless Controller")
    app.pads.seats = {0: PAD, 1: OTHER}
    table = start_table(app, "the-game", ["human", "human"], 3, names=["Ana", "Béla"])
    assert run_until(app, lambda: table.privacy_for is not None, 60)
    due = table.privacy_for
    mine = table.pad_seats[due]
    app.frame(1 / 30, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=mine)])
    name = "Xbox Wireless Controller" if mine == PAD else _("Pad {n}").format(n=1)
    notice = _("{pad} unplugged: {name} plays with the keyboard and mouse").format(
        pad=name, name=table.name(due)
    )
    assert app.scene is table and due not in table.pad_seats
    assert [n[0] for n in table.presence.notices] == [notice]
    for _i in range(10):
        app.frame(1 / 30, [])  # the table draws on, its privacy screen still up
    assert table.privacy_for == due
    other = table.pad_seats[1 - due]
    press(table, "a", other)  # the other seat's pad still may not open this hand
    assert table.privacy_for == due
    press(table, "a", 77)  # a pad of no seat now plays the freed seat
    assert table.privacy_for is None and table.perspective == due
    assert run_until(app, table.deciding, 30)
    press(table, "right", 77)
    assert table.selected == table.board["hand"][0]
    table.handle_event(key(pygame.K_RIGHT))  # and the keyboard, as always
    assert table.selected == table.board["hand"][1]


# ---------------------------------------------------------------- New game
def test_new_game_gives_two_pads_two_seats_and_the_table_keeps_them(app):
    app.pads.add(PAD, "PS4 Controller")
    app.pads.add(OTHER, "PS4 Controller")  # the same make: told apart by a number
    assert app.pads.name(OTHER) == "PS4 Controller 2"
    form = app.go("newgame", game_id="the-game", seats=["human", "bot:easy", "human"])
    app.frame(1 / 30, [])
    press(form, "a", OTHER)  # the first local seat without a pad
    press(form, "a", PAD)  # the next one (seat 2 is local: seat 1 is a bot)
    assert app.pads.seats == {0: OTHER, 2: PAD}
    assert [name for _r, name in form.pad_tags] == ["PS4 Controller 2", "PS4 Controller"]
    press(form, "a", OTHER)  # again: the next free seat after its own — none: given up
    assert app.pads.seats == {2: PAD}
    press(form, "a", OTHER)
    press(form, "b", PAD)  # B gives the seat up
    assert app.pads.seats == {0: OTHER}
    press(form, "a", PAD)
    assert app.pads.seats == {0: OTHER, 2: PAD}
    press(form, "start", PAD)  # Start starts the game
    table = app.scene
    assert table is not form and table.pad_seats == {0: OTHER, 2: PAD}
    table.session.set_bot_delay(0.0)
    assert run_until(app, lambda: table.privacy_for is not None, 60)
    mine, theirs = table.pad_seats[table.privacy_for], table.pad_seats[2 - table.privacy_for]
    assert pads.privacy_line(table, "Ana") == _(
        "{name}: press A on {pad} (or Enter, or click) to see your cards"
    ).format(name="Ana", pad=app.pads.name(mine))
    press(table, "a", theirs)
    assert table.perspective is None
    press(table, "a", mine)
    assert table.perspective is not None and table.privacy_for is None


def test_new_game_frees_a_pad_seat_that_stops_being_local_or_loses_its_pad(app):
    app.pads.add(PAD, "Xbox Wireless Controller")
    app.pads.add(OTHER)
    form = app.go("newgame", game_id="take5", seats=["human", "human", "bot:easy"])
    app.frame(1 / 30, [])
    press(form, "a", PAD)
    press(form, "a", OTHER)
    assert app.pads.seats == {0: PAD, 1: OTHER}
    app.frame(1 / 30, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=OTHER)])
    assert app.pads.seats == {0: PAD} and [n for _r, n in form.pad_tags] == [
        "Xbox Wireless Controller"
    ]
    form.build()
    box = form.name_entries[0]
    for value in (3000, -5000, 0):  # the stick's small moves rebuild nothing
        app.frame(
            1 / 30,
            [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=0, value=value)],
        )
    assert form.name_entries[0] is box
    form.seats = ["bot:easy", "human", "bot:easy"]  # PAD's seat 0 became a bot
    form.build()
    assert app.pads.seats == {}
