"""Forms and screens with the player's text size (issue 33): the widgets' text follows
the Text size setting on every screen (the menu, New game, Host, Settings …), forms keep
the fields under the pointer where they are when a row appears, number boxes with few
values are choices, Settings previews the text size and shows every slider's value,
and Esc on the menu asks before quitting."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from client import assets


def widget_texts(app) -> list[tuple[int, str]]:
    """``(font size in pixels, text)`` of every widget with words on the screen."""
    out = []
    for element in app.ui.get_sprite_group().sprites():
        font, text = getattr(element, "font", None), getattr(element, "text", "")
        arrow = text.strip() in ("", "▼", "▲", "◀", "▶") if isinstance(text, str) else True
        if font is not None and not arrow:
            out.append((font.point_size, text))
    return out


def rects(scene) -> dict[str, pygame.Rect]:
    """Where each field of a New game / Host form is (options, ± seat, Advanced …)."""
    out = {name: pygame.Rect(w.get_abs_rect()) for name, (w, _d) in scene.option_widgets.items()}
    out["add"], out["more"], out["start"] = scene.add.rect, scene.more.rect, scene.start.rect
    if scene.turn_seconds is not None:
        out["turn"] = pygame.Rect(scene.turn_seconds.get_abs_rect())
    return {k: pygame.Rect(v) for k, v in out.items()}


@pytest.mark.parametrize("lan", [False, True])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_seat_that_becomes_a_bot_moves_no_field(app, lan, scale):
    """The issue's case: on the Host form a seat set to Bot added the bots' line and
    pushed every field down (a click meant for Rounds set Limit to 661)."""
    app.settings.ui_scale = scale
    first = "open" if lan else "human"
    scene = app.go("newgame", game_id="take5", seats=["human", first, first], lan=lan)
    before = rects(scene)
    assert scene.bots_row is None
    scene.keep_typed()
    scene.seats = ["human", first, "bot:normal"]
    scene.build()
    assert scene.bots_row is not None and rects(scene) == before


def test_the_bots_line_has_its_row_under_the_seat_buttons(app):
    scene = app.go("newgame", game_id="guandan", seats=["human"] * 3 + ["bot:hard"])
    row = scene.bots_row
    assert scene.add.rect.bottom <= row.top and row.bottom <= scene.seat_rows[0].top


def test_sequence_numbers_teams_are_a_choice(app):
    scene = app.go("newgame", game_id="sequence-numbers", seats=["human"] + ["bot:easy"] * 5)
    menu = scene.option_widgets["teams"][0]
    assert isinstance(menu, pygame_gui.elements.UIDropDownMenu)
    assert [o[0] if isinstance(o, tuple) else o for o in menu.options_list] == [
        "As the seats allow",
        "2 teams",
        "3 teams",
    ]
    assert scene.read_options()["teams"] is None
    menu.selected_option = ("3 teams", "3 teams")
    assert scene.read_options()["teams"] == 3
    scene.keep_typed()
    scene.build()  # (a seat changed): the choice is kept
    assert scene.read_options()["teams"] == 3


SCREENS = {
    "menu": {},
    "newgame": {"game_id": "take5"},
    "host": {"game_id": "guandan", "lan": True},
    "settings": {},
    "replays": {"mode": "replays"},
    "continue": {"mode": "continue"},
    "stats": {},
}


def open_screen(app, name):
    kwargs = dict(SCREENS[name])
    scene = {"host": "newgame", "continue": "replays"}.get(name, name)
    return app.go(scene, **kwargs)


@pytest.mark.parametrize("name", list(SCREENS))
def test_the_text_size_reaches_every_screen(app, name):
    """At 150 % every widget's words are half as large again as at 100 % (18 → 27 px,
    24 → 36 px), and the screen is not the same picture."""
    open_screen(app, name)
    app.frame(1 / 30, [])
    normal = widget_texts(app)
    picture = pygame.image.tobytes(app.screen, "RGB")
    app.settings.ui_scale = 1.5
    open_screen(app, name)
    app.frame(1 / 30, [])
    larger = widget_texts(app)
    assert pygame.image.tobytes(app.screen, "RGB") != picture
    sizes = {(s, t) for s, t in normal}
    grown = {(s, t) for s, t in larger}
    assert {s for s, _t in normal} <= {18, 24}
    assert {round(s * 1.5) for s, t in sizes} == {s for s, _t in grown}


def test_every_slider_shows_its_value_and_the_text_size_a_preview(app):
    from client.scenes.settings import percent, times

    app.settings.animation_speed, app.settings.volume = 1.5, 0.7
    scene = app.go("settings")
    assert scene.speed_note.text == "1.5×" and scene.volume_note.text == "70 %"
    assert scene.scale_note.text == "100 %"
    assert [times(v) for v in (0.25, 1.0, 4.0)] == ["0.25×", "1×", "4×"]
    assert percent(1.25) == "125 %"

    def preview_sizes():
        assets.reset_caches()
        with assets.recording() as seen:
            scene.draw(app.screen)
        return {s for s, t in seen if t in ("Your turn: choose a card to play", "Start")}

    assert preview_sizes() == {18}
    scene.scale.set_current_value(1.5)
    app.frame(
        1 / 30,
        [pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.scale)],
    )
    assert scene.scale_note.text == "150 %" and preview_sizes() == {27}
    assert app.settings.ui_scale == 1.0  # a preview until Save
    scene.speed.set_current_value(2.0)
    scene.handle_event(
        pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.speed)
    )
    assert scene.speed_note.text == "2×"
    scene.store()
    assert app.settings.ui_scale == 1.5 and app.settings.animation_speed == 2.0
    app.go("menu")  # the widgets follow the new size from the next screen on
    assert {s for s, _t in widget_texts(app)} == {27}


def key(app, k) -> None:
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def test_esc_on_the_menu_asks_before_quitting(app):
    """Two Esc presses in Statistics closed Tapete: now the second asks."""
    app.running = True
    app.go("stats")
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert type(menu).__name__ == "MenuScene" and not menu.question.open
    key(app, pygame.K_ESCAPE)
    assert menu.question.open and app.running
    assert menu.question.texts() == (
        "Quit Tapete?",
        "Unfinished games can be continued from the menu.",
    )
    assert not any(b.visible for k, b in menu.buttons.items() if not hasattr(b, "ask"))
    key(app, pygame.K_ESCAPE)  # Esc again: stay
    assert not menu.question.open and app.running
    assert all(b.visible for k, b in menu.buttons.items() if not hasattr(b, "ask"))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_LEFT)  # the focus from Stay to Quit
    key(app, pygame.K_RETURN)
    assert not app.running and app.exit_code == 0


# ------------------------------------------------- rows that stay under the pointer
def field_rects(scene) -> dict[str, pygame.Rect]:
    """Every field of the form by a name: the game, the options, ± seat, Advanced,
    Start, each seat's drop-down and name box."""
    out = rects(scene)
    out["game"] = pygame.Rect(scene.game_menu.rect)
    out["remove"] = pygame.Rect(scene.remove.rect)
    for i, menu in enumerate(scene.seat_menus):
        out[f"seat {i}"] = pygame.Rect(menu.rect)
    for i, entry in scene.name_entries.items():
        out[f"name {i}"] = pygame.Rect(entry.rect)
    return out


def click(app, scene, pos) -> None:
    """A click at ``pos`` on whichever button is there (as pygame_gui would report it)."""
    hit = [b for b in (scene.add, scene.remove) if b.rect.collidepoint(pos) and b.is_enabled]
    assert hit, pos
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=hit[0]))
    app.frame(1 / 30, [])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 500)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lan", [False, True])
def test_adding_or_removing_seats_moves_no_field(app, size, scale, lan):
    """The real-window check: "+ seat" pushed the rows under it down. Now two clicks on
    the same spot add two seats and two on "− seat" take them away; every field keeps
    its place throughout, and the new seats' rows come under the last one."""
    from tests.client.test_tables_text import resize

    resize(app, *size)
    app.settings.ui_scale = scale
    first = "open" if lan else "human"
    scene = app.go("newgame", game_id="take5", seats=["human", first, "bot:easy"], lan=lan)
    before = field_rects(scene)
    plus, minus = scene.add.rect.center, scene.remove.rect.center
    click(app, scene, plus)
    click(app, scene, plus)
    after = field_rects(scene)
    assert len(scene.seat_menus) == 5
    assert {k: after[k] for k in before} == before
    step = scene.lay["step"]
    assert [after[f"seat {i}"].y - after["seat 2"].y for i in (3, 4)] == [step, 2 * step]
    assert after["seat 4"].bottom <= scene.start.rect.top
    click(app, scene, minus)
    click(app, scene, minus)
    assert len(scene.seat_menus) == 3 and field_rects(scene) == before


def words_cut(app) -> list[tuple[str, int, int]]:
    """``(text, width it needs, width it has)`` of every drop-down choice and button
    label on the screen that its widget cuts (pygame_gui clips, with no "…"): too wide
    with a margin of 4 px each side, or more than 1 px taller (the line's last pixel is
    its gap, with no ink)."""
    out = []
    for element in app.ui.get_root_container().elements:
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            button = element.menu_states["closed"].selected_option_button
            texts = [o[0] if isinstance(o, tuple) else o for o in element.options_list]
        elif isinstance(element, pygame_gui.elements.UIButton) and element.text.strip():
            button, texts = element, [element.text]
        else:
            continue
        for text in texts:
            need, high = button.font.size(text)
            if need + 8 > button.rect.w or high > button.rect.h + 1:
                out.append((text, need, button.rect.w))
    return out


@pytest.mark.parametrize("language", ["en", "es", "gl", "pt", "hu", "fr"])
def test_changing_the_game_moves_no_field_and_no_choice_is_cut(app, language):
    """Sequence Numbers at 150 % switched to one column (the Game drop-down moved under
    the pointer) and cut "Sequence Number▾" and "As the seats allow▾". Now, in each
    language at 100 % and 150 % text, 1280×720 and 1920×1080, New game and Host: the
    Game drop-down, ± seat and the seat rows are where they were for every game, and
    no drop-down choice or button label is cut."""
    import warnings

    from client import i18n
    from client.tables import tables_available
    from tests.client.test_tables_text import resize

    i18n.set_language(language)
    moved, cut = {}, {}
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for size in ((1280, 720), (1920, 1080)):
                resize(app, *size)
                for scale in (1.0, 1.5):
                    app.settings.ui_scale = scale
                    for lan in (False, True):
                        places = []
                        for game_id in tables_available():
                            scene = app.go("newgame", game_id=game_id, lan=lan)
                            scene.advanced = True
                            scene.build()
                            fields = field_rects(scene)
                            keep = ["game", "add", "remove", "seat 0", "seat 1"]
                            places.append({k: fields[k] for k in keep})
                            words = words_cut(app)
                            if words:
                                cut[size, scale, lan, game_id] = words
                        if any(p != places[0] for p in places):
                            moved[size, scale, lan] = places
        labels = [str(w.message) for w in caught if "too small" in str(w.message)]
    finally:
        i18n.set_language("en")
        app.settings.ui_scale = 1.0
    assert moved == {} and cut == {} and labels == []


def test_a_seat_low_in_the_window_opens_its_list_upwards(app):
    """Ten seats at 150 %: the last seats' lists would run off the window's bottom
    (and scroll); they open upwards, whole, the first ones downwards."""
    app.settings.ui_scale = 1.5
    scene = app.go("newgame", game_id="take5", seats=["human"] + ["bot:easy"] * 9)
    menus = scene.seat_menus
    assert [m.expand_direction for m in (menus[0], menus[-1])] == ["down", "up"]
    last = menus[-1]
    last.menu_states["closed"].finish()
    last.current_state = last.menu_states["expanded"]
    last.current_state.start()
    shown = last.current_state.options_selection_list.rect
    assert shown.bottom <= last.rect.top + 4 and shown.top >= 0
    assert shown.h >= len(scene.words) * 32
