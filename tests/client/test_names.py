"""Any name draws (issue 16): a 10-seat lobby and the New game form with 10 seats fit
an 800×500 window (and 1280×720) with nothing overlapping and no text under 12 px;
player and table names in any script are drawn with a bundled face that has every
character; long names end in "…" wherever names appear."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pygame
import pytest

from client import assets, textruns

SIZES = ((1280, 720), (800, 500))


def widgets(app) -> list[pygame.Rect]:
    """The rects of the pygame_gui widgets the current scene made."""
    return [e.rect for e in app.ui.get_root_container().elements if e.visible]


def assert_apart(rects, window) -> None:
    """Every rect lies in ``window`` and no two overlap."""
    for r in rects:
        assert window.contains(r), (r, window)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


def new_app(tmp_path, monkeypatch, size, language="en"):
    monkeypatch.setenv("TAPETE_CONFIG_DIR", str(tmp_path / "config"))
    from client.app import App
    from client.settings import Settings

    return App(Settings(name="Ana", language=language), size=size)


@pytest.fixture
def apps(tmp_path, monkeypatch):
    made = []

    def make(size, language="en"):
        made.append(new_app(tmp_path, monkeypatch, size, language))
        return made[-1]

    yield make
    pygame.quit()
    from client import i18n

    i18n.set_language("en")  # the language is the process's: the next test expects English


@pytest.mark.parametrize("language", ["en", "es", "gl", "pt", "hu", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_no_label_of_the_new_game_form_is_cut_in_any_language(apps, size, language):
    """Every label fits its box (pygame_gui warns when one does not: "Table name" and
    "Turn clock" were cut in Galician and Portuguese), every game's options included."""
    import warnings

    from engine import GAME_IDS

    app = apps(size, language)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for game_id in GAME_IDS:
            scene = app.go("newgame", game_id=game_id, lan=True)
            scene.advanced = True
            scene.build()
            scene.draw(app.screen)
    cut = [str(w.message) for w in caught if "too small" in str(w.message)]
    assert cut == []


@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("lan", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_a_ten_seat_new_game_form_fits(apps, size, lan, language):
    app = apps(size, language)
    seats = (
        ["human"] * 5 + ["bot:normal"] * 5 if not lan else ["human"] + ["open"] * 8 + ["bot:hard"]
    )
    scene = app.go("newgame", game_id="take5", seats=seats, lan=lan)
    scene.advanced = True  # the seed row too
    scene.build()
    window = pygame.Rect(0, 0, *size)
    boxes = widgets(app)
    assert len(scene.seat_menus) == 10
    assert_apart(boxes, window)
    from client.scenes.newgame import bots_help

    assert (scene.bots_row, bots_help()) in scene.help_rows  # a bot seat: what levels mean
    px = 14 if scene.layout()["beside"] else 12
    most = (scene.bots_row.h - 4) // (px + 2)  # two lines, or three in a narrow column
    lines, px = assets.fit_lines(bots_help(), px, scene.bots_row.w, most, False)
    assert not lines[-1].endswith("…") and px >= assets.MIN_TEXT, (lines, px)
    assert len(lines) * (px + 2) <= scene.bots_row.h
    for rect, text in scene.help_rows:  # help lines sit in free room
        if text:
            assert window.contains(rect), (rect, text)
            assert not any(rect.colliderect(b) for b in boxes), (rect, text)
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    assert seen and min(px for px, _t in seen) >= assets.MIN_TEXT
    # The title stays above the first row and the hint below the buttons.
    top = min(b.top for b in boxes)
    bottom = max(b.bottom for b in boxes)
    assert 0 < top and bottom < size[1] - 12


def fake_session(names, kinds, remote=False):
    seats = [
        {"seat": i, "name": n, "kind": k, "level": "hard" if k == "bot" else None}
        for i, (n, k) in enumerate(zip(names, kinds, strict=True))
    ]
    mirror = SimpleNamespace(seats={"seats": seats}, welcome=None, view=None, link=None)
    return SimpleNamespace(
        mirrors={0: mirror},
        local_seats=[0],
        remote=remote,
        game_id="take5",
        serving={"serving": True, "port": 47470, "advertised": True},
        name="Ana's table",
        started=False,
        closed=False,
        lost=None,
        pump=lambda: 0,
        close=lambda: None,
        start_game=lambda: None,
    )


LONG = "Maximiliana Bartholomew-Featherstonehaugh of the Northern Marches"
NAMES = ["Ana", "王小明", "さくら", "김민준", "محمد علي", "דוד", LONG, "Алексей", "Νίκος", "Zoë"]
KINDS = ["human", "remote", "bot", "remote", "human", "remote", "remote", "open", "bot", "remote"]


@pytest.mark.parametrize("remote", [False, True])
@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("size", SIZES)
def test_a_ten_seat_lobby_fits(apps, size, language, remote):
    app = apps(size, language)
    scene = app.go("lobby", session=fake_session(NAMES, KINDS, remote))
    window = pygame.Rect(0, 0, *size)
    buttons = widgets(app)
    assert_apart(buttons, window)
    band = scene.buttons()
    rows, px = scene.seat_rows(pygame.Rect(0, 150, size[0], band.y - 160), 10)
    assert px >= assets.MIN_TEXT
    assert_apart(rows + buttons, window)
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    assert min(size for size, _t in seen) >= assets.MIN_TEXT
    drawn = [t for _s, t in seen if not isinstance(t, assets.Asked)]  # (what was drawn)
    # The long name is cut with "…"; every other name is drawn whole.
    assert any(t.startswith("Maximiliana") and t.endswith("…") for t in drawn), drawn
    assert not any(LONG in t for t in drawn)
    for name in NAMES:
        if name not in (LONG, "محمد علي", "דוד"):
            assert any(name in t for t in drawn), name


# ---------------------------------------------------------------- any script draws
#: A name in each script people will type (the issue's list), and what script it is.
SCRIPTS = {
    "chinese": "王小明",
    "traditional chinese": "張偉強",
    "japanese": "さくら・タナカ",
    "korean": "김민준",
    "arabic": "محمد علي",
    "persian": "ژاله پرویزی",
    "hebrew": "דוד בן גוריון",
    "accented latin": "Zoë Ölçer-Łukasiewicz Ő",
    "cyrillic": "Алексей Ёжиков",
    "greek": "Νίκος Παπαδόπουλος",
    "emoji": "Sam 🎲😀👍🐱❤️",
    "hindi": "प्रिया शर्मा",
    "bengali": "সুমন দাস",
    "tamil": "முருகன்",
    "telugu": "రాముడు",
    "thai": "สมชาย ใจดี",
}


@pytest.fixture
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    assets.reset_caches()
    yield
    pygame.quit()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("script", list(SCRIPTS))
def test_the_face_chosen_for_a_name_has_every_character(display, script, bold):
    name = SCRIPTS[script]
    drawn = "".join(t for _f, t, _d in textruns.runs(name, bold))
    wanted = [c for c in name if c != "\ufe0f"]  # (a selector the emoji face lacks)
    assert sorted(drawn) == sorted(wanted)  # nothing else left out
    for face, text, _d in textruns.runs(name, bold):
        missing = [c for c in text if not textruns.covers(face, c, bold)]
        assert missing == [], (script, textruns.FACES[face].regular, missing)


@pytest.mark.parametrize("script", list(SCRIPTS))
def test_a_name_in_any_script_is_not_drawn_as_boxes(display, script):
    name = SCRIPTS[script]
    runs = textruns.runs(name)
    img = assets.render(name, 24, assets.WHITE, True)
    boxes = assets.font(24, True).render(name, True, assets.WHITE)  # DejaVu alone
    dejavu_has_all = all(textruns.covers(0, c) for c in name)
    if dejavu_has_all and not any(d for _f, _t, d in runs) and len(runs) == 1:
        assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(boxes, "RGBA")
    else:
        assert img.get_size() != boxes.get_size() or pygame.image.tobytes(
            img, "RGBA"
        ) != pygame.image.tobytes(boxes, "RGBA")
    # Each character of a face other than DejaVu draws ink (not an empty glyph).
    for face, text, d in runs:
        if face:
            piece = assets.face_font(face, 24, False, d).render(text, True, assets.WHITE)
            assert pygame.mask.from_surface(piece).count() > 20 * len(text.strip()), text


def test_which_face_draws_what(display):
    assert textruns.face_for("A") == textruns.face_for("ő") == textruns.face_for("Ж") == 0
    assert textruns.face_for("♠") == textruns.face_for("♥") == 0  # the suits stay DejaVu's
    assert textruns.face_for("م") == assets.ARABIC_FACE
    assert textruns.face_for("王") == textruns.face_for("さ") == textruns.face_for("김") == 2
    assert textruns.face_for("🎲") == assets.EMOJI_FACE
    assert textruns.face_for("\U0001f3fd") is not None  # a skin tone joins its emoji
    assert [f for f, _t, _d in textruns.runs("❤️")] == [assets.EMOJI_FACE]
    # An emoji after DejaVu's letters keeps its colour face (DejaVu has a few in outline).
    assert textruns.runs("Zoë 😀", True) == ((0, "Zoë ", None), (assets.EMOJI_FACE, "😀", None))


def test_indic_runs_are_shaped(display):
    """क + ् + ष make one conjunct glyph (क्ष) when HarfBuzz shapes the run as
    Devanagari: narrower than the half-form and the letter drawn apart."""
    assert textruns.runs("क्ष")[0][0] == textruns.face_for("क") != 0
    apart = assets.measure("क्", 40) + assets.measure("ष", 40)
    assert assets.measure("क्ष", 40) < 0.7 * apart  # (unshaped: 55 of 62 px; shaped: 29)


def alpha_columns(img) -> list[bool]:
    """Which columns of ``img`` hold any ink."""
    mask = pygame.mask.from_surface(img)
    return [
        any(mask.get_at((x, y)) for y in range(img.get_height())) for x in range(img.get_width())
    ]


def test_an_arabic_name_is_joined_and_reads_right_to_left(display):
    first, last = "محمد", "علي"
    name = f"{first} {last}"
    assert textruns.runs(name) == ((assets.ARABIC_FACE, name, "Arab"),)
    whole = assets.render(name, 40, assets.WHITE)
    one = assets.render(first, 40, assets.WHITE)
    # The first word stands at the right end (right to left) ...
    w, h = one.get_width(), min(one.get_height(), whole.get_height())
    right = whole.subsurface((whole.get_width() - w, 0, w, h))
    left = whole.subsurface((0, 0, w, h))
    same = pygame.image.tobytes(one.subsurface((0, 0, w, h)), "RGBA")
    assert pygame.image.tobytes(right, "RGBA") == same
    assert pygame.image.tobytes(left, "RGBA") != same
    # ... and its letters are joined: no gap of background between them, unlike the
    # four letters drawn one by one.
    ink = alpha_columns(one)
    inner = ink[ink.index(True) : len(ink) - ink[::-1].index(True)]
    assert all(inner)


def test_digits_in_a_right_to_left_name_read_left_to_right(display):
    """ "محمد 123": the name at the right, the number at its left, as 123 (a number
    shaped right to left would read 321)."""
    assert textruns.runs("محمد 123") == ((0, "123", None), (assets.ARABIC_FACE, "محمد ", "Arab"))
    assert [t for _f, t, _d in textruns.runs("דוד 42 לוי")] == [" לוי", "42", "דוד "]


def test_a_hebrew_name_reads_right_to_left(display):
    name = "דוד לוי"
    whole = assets.render(name, 40, assets.WHITE)
    first = assets.render("דוד", 40, assets.WHITE)
    w = first.get_width()
    right = whole.subsurface((whole.get_width() - w, 0, w, first.get_height()))
    assert pygame.image.tobytes(right, "RGBA") == pygame.image.tobytes(first, "RGBA")


def test_a_colour_emoji_is_scaled_to_the_line(display):
    img = assets.render("🎲", 20, assets.WHITE)
    line = assets.font(20).get_height()
    assert abs(img.get_height() - line) <= 1 and img.get_width() <= 2 * line
    colours = {
        img.get_at((x, y))[:3]
        for x in range(img.get_width())
        for y in range(img.get_height())
        if img.get_at((x, y))[3] > 200
    }
    assert len(colours) > 10  # in colour, not the white text colour
    assert assets.measure("a🎲", 20) == assets.render("a🎲", 20).get_width()


# ---------------------------------------------------------------- "…" for long names
@pytest.mark.parametrize("name", [LONG, "王小明" * 12, "محمد علي " * 8, "🎲" * 30])
def test_a_long_name_is_shortened_with_an_ellipsis(display, name):
    out = assets.shorten(name, 16, 200, True)
    assert out.endswith("…") and assets.measure(out, 16, True) <= 200
    assert name.startswith(out[:-1].rstrip())
    yours = assets.shorten(name, 16, 200, True, "{name} (you)")
    assert yours.endswith("… (you)") and assets.measure(yours, 16, True) <= 200
    assert assets.shorten("Ana", 16, 200, True, "{name} (you)") == "Ana (you)"
    img = assets.fit(name, 16, 200, assets.WHITE, True)
    assert img.get_width() <= 200


def test_a_cut_never_parts_an_emoji_from_its_modifier(display):
    name = "👍🏽" * 20
    out = assets.shorten(name, 16, 120)
    assert out.endswith("…") and out[:-1].endswith("🏽")


def test_the_name_boxes_draw_any_script(app):
    """The New game form's name boxes (pygame_gui) draw through the bundled faces."""
    scene = app.go("newgame", game_id="take5", seats=["human", "human"])
    entry = scene.name_entries[1]
    font = entry.font
    assert getattr(font, "runs_of_faces", False)
    plain = font.render_premul("Ben", pygame.Color("white"))
    assert plain.get_size() == font.size("Ben")
    for name in SCRIPTS.values():
        entry.set_text(name)
        img = font.render_premul(name, pygame.Color("white"))
        assert img.get_size() == font.size(name)
        if not font.plain(name):  # (DejaVu alone: pygame_gui's own code draws it)
            assert img.get_size() == assets.text_image(name, 18)[0].get_size()
        entry.update(0.1)
        assert entry.get_text() == name


def test_the_browser_shortens_a_long_table_name(app):
    from client.scenes.browser import BrowserScene
    from net.discovery import TableInfo

    browser = BrowserScene(app, "")
    app.switch(browser)
    browser.tables = [
        TableInfo(
            name=f"{LONG} 🎲 王小明",
            game="take5",
            host="192.0.2.7",
            port=47470,
            addresses=("192.0.2.7",),
            protocol=2,
            open_seats=2,
            seats=3,
            host_name="ana-laptop",
            service="x._tapete._tcp.local.",
        )
    ]
    browser.build()
    assets.reset_caches()
    with assets.recording() as seen:
        browser.draw(app.screen)
    drawn = [t for _s, t in seen if not isinstance(t, assets.Asked)]  # (what was drawn)
    assert any(t.startswith("Maximiliana") and t.endswith("…") for t in drawn), drawn
    browser.exit()


def test_the_results_headline_shortens_a_long_name(display):
    from client.scenes.results import fitted

    img = fitted(f"{LONG} wins!", 52, 500, assets.GOLD)
    assert img.get_width() <= 500 and img.get_height() >= assets.MIN_TEXT


# ---------------------------------------------------------------- the five tables
@pytest.mark.parametrize(
    "game_id", ["take5", "the-game", "teamplay", "sequence-numbers", "guandan"]
)
def test_every_table_draws_names_in_any_script_and_shortens_long_ones(app, game_id):
    """The seat panels of every table: a long name ends in "…" (never drawn whole),
    and names in other scripts are drawn by the faces that have them."""
    from tests.client.test_tables_contract import SEATS, seated

    seats = SEATS[game_id]
    names = ["Ana", LONG, "王小明", "محمد علي"][: len(seats)]
    table = seated(app, game_id, seats)
    # (Bots are named by the host; players who join over the LAN bring any name.)
    table.session.names[: len(names)] = names
    assets.reset_caches()
    with assets.recording() as seen:
        table.draw(app.screen)
    drawn = [t for _s, t in seen if not isinstance(t, assets.Asked)]  # (what was drawn)
    assert any(t.startswith("Maxim") and "…" in t for t in drawn), drawn
    assert not any(LONG in t for t in drawn)
    for name in names[2:]:
        assert any(name in t for t in drawn), (name, drawn)


@pytest.mark.parametrize("game_id", ["take5", "guandan"])
@pytest.mark.parametrize("size", SIZES)
def test_the_results_draw_names_in_any_script_and_shorten_long_ones(app, game_id, size):
    from client.scenes.results import ResultsScene
    from tests.client.test_tables_contract import SEATS, seated

    table = seated(app, game_id, SEATS[game_id])
    longer = f"{LONG}, {LONG}"  # wider than any window's headline and rows
    names = ["Ana", longer, "王小明", "محمد علي"][: len(SEATS[game_id])]
    app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    table.session.names[: len(names)] = names  # (after the frame: the host names bots)
    view = {**table.session.mirrors[0].view, "over": True, "winners": [1]}
    scene = ResultsScene(app, table.session, view, type(table), table)
    app.switch(scene)
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    drawn = [t for _s, t in seen if not isinstance(t, assets.Asked)]  # (what was drawn)
    assert any("Maxim" in t and "…" in t for t in drawn), drawn
    assert not any(longer in t for t in drawn), [t for t in drawn if longer in t]
    assert any("王小明" in t for t in drawn), drawn
    assert min(px for px, _t in seen) >= assets.MIN_TEXT
