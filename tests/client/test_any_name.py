"""Any name draws (issue 33): a system colour emoji face, when there is one, draws what
the bundled faces lack (flags: two regional indicator letters that the face joins);
and marks stacked on a letter stay near their line instead of spilling into the panel
above."""

from __future__ import annotations

import pygame
import pytest

from client import assets, textruns

FLAG = "\U0001f1ea\U0001f1f8"  # 🇪🇸: regional indicators E and S


@pytest.fixture
def display():
    pygame.init()
    pygame.display.set_mode((200, 100))
    assets.reset_caches()
    yield
    pygame.quit()


def test_the_system_emoji_face_is_the_first_that_exists(tmp_path, monkeypatch):
    monkeypatch.delenv("TAPETE_EMOJI_FONT", raising=False)
    noto, other = tmp_path / "NotoColorEmoji.ttf", tmp_path / "seguiemj.ttf"
    other.write_bytes(b"")
    assert assets.system_emoji((str(tmp_path / "none.ttf"),)) is None
    assert assets.system_emoji((str(noto), str(other))) == assets.Face(str(other), None, 0)
    noto.write_bytes(b"")
    assert assets.system_emoji((str(noto), str(other))) == assets.Face(str(noto), None, 109)
    monkeypatch.setenv("TAPETE_EMOJI_FONT", "")  # none, whatever the system has
    assert assets.system_emoji((str(noto),)) is None
    monkeypatch.setenv("TAPETE_EMOJI_FONT", str(other))
    assert assets.system_emoji((str(noto),)) == assets.Face(str(other), None, 0)


def test_a_flag_goes_to_the_fallback_face_that_has_it(display, monkeypatch):
    """Without a face that has the regional indicators a flag is DejaVu's two boxes;
    with one (here the bundled emoji file standing in for the system's, told that it
    has them) the flag is one run in that face, for HarfBuzz to join."""
    try:
        assets.use_fallback(None)
        assert textruns.runs(f"Ana {FLAG}") == ((0, f"Ana {FLAG}", None),)
        stand_in = assets.Face(textruns.face_path(assets.EMOJI_FACE), None, 109)
        assets.use_fallback(stand_in)
        last = len(textruns.FACES) - 1
        assert textruns.FACES[last] == stand_in and textruns.face_path(last) == stand_in.regular
        real = textruns.covers.__wrapped__

        def covers(index, ch, bold=False):
            return index == last and 0x1F1E6 <= ord(ch) <= 0x1F1FF or real(index, ch, bold)

        monkeypatch.setattr(textruns, "covers", covers)
        textruns.face_for.cache_clear()
        textruns.preferred_face.cache_clear()
        textruns.runs.cache_clear()
        assert textruns.runs(f"Ana {FLAG}") == ((0, "Ana ", None), (last, FLAG, None))
        # the space after it stays out of the emoji face (its bitmap space is wide)
        assert textruns.runs(f"Ana {FLAG} Bea") == (
            (0, "Ana ", None),
            (last, FLAG, None),
            (0, " Bea", None),
        )
        img, _baseline = assets.render_line(f"Ana {FLAG}", 20)
        assert img.get_height() == assets.font(20).get_height()  # scaled to the line
    finally:
        monkeypatch.undo()
        assets.use_fallback(assets.system_emoji())


def test_stacked_marks_stay_within_reach_of_their_line(display):
    """Thai tone marks stacked 24 deep drew 142 px tall at 20 px text (into the panel
    above a name); now at most :data:`client.assets.MARK_REACH` of the line over and
    under it."""
    line = assets.font(20).get_height()
    name = "Ana ก" + "\u0e48\u0e49\u0e4a\u0e4b" * 6
    img, baseline = assets.render_line(name, 20)
    reach = int(line * assets.MARK_REACH)
    assert (line, reach) == (24, 7)
    assert img.get_height() <= line + 2 * reach and img.get_height() == 34
    assert assets.render_line("Ana", 20)[0].get_height() == line  # plain names unchanged


def test_a_name_is_drawn_only_inside_its_panel(app):
    """Guandan's and Take 5's seat panels clip the name: whatever its marks reach,
    nothing is drawn above or below its panel."""
    from client.tables.guandan.layout import panel_rect
    from client.tables.take5 import layout as take5_layout
    from tests.client.test_tables_contract import seated

    tall = "Ana ก" + "\u0e48\u0e49\u0e4a\u0e4b" * 6
    for game_id, rect_of in (
        ("guandan", panel_rect),
        ("take5", take5_layout.player_rect),
    ):
        table = seated(app, game_id)
        seat = 1
        rect = rect_of(table, seat)
        band = pygame.Rect(rect.x, rect.y - 12, rect.w, 12).clip(app.screen.get_rect())

        def around(table, seat, band, name):
            table.name = lambda s, full=False: name if s == seat else f"Bot {s + 1}"
            table.draw(app.screen)
            return pygame.image.tobytes(app.screen.subsurface(band), "RGB")

        assert around(table, seat, band, tall) == around(table, seat, band, "Ana"), game_id
        table.session.close()


def test_blit_clipped_draws_inside_its_rect_and_restores_the_clip(display):
    from client.tables.text import TableText

    surface = pygame.Surface((40, 40))
    surface.set_clip(pygame.Rect(0, 0, 30, 40))
    img = pygame.Surface((40, 40))
    img.fill((255, 0, 0))
    TableText.blit_clipped(surface, img, (0, 0), pygame.Rect(10, 10, 30, 10))
    assert surface.get_at((12, 12))[:3] == (255, 0, 0)
    assert surface.get_at((12, 9))[:3] == (0, 0, 0) and surface.get_at((32, 12))[:3] == (0, 0, 0)
    assert surface.get_clip() == pygame.Rect(0, 0, 30, 40)
