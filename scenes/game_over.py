"""The end of a game: the final board beside who won and why, in words; moves,
captures, duration; then Replay, Rematch or Menu. A solved game (Teeko) also says
where it was decided, from the database (loaded off the frame loop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import scenes.board_view as board_view
from game.arcade import assets
from game.arcade.board_look import BoardLook
from game.controller.texts import outcome_words
from game.game_hooks import hooks_for, player_name
from game.i18n import tr
from game.looks import looks_for
from game.net.rematch import PostGame
from game.session import HUMAN, GameSession
from game.verdict_hints import Decision, database_ready, decision, decision_text, has_verdicts, warm_up
from scenes.lan_rematch import ask_rematch, update_rematch
from scenes.menu import Entry, MenuScene, backdrop

if TYPE_CHECKING:
    from game.arcade.app import App

FINAL_BOARD_RECT = pygame.Rect(70, 110, 500, 500)
COLUMN_CENTRE = 900  # the text and buttons sit right of the final board
STATS_WIDTH = 580
MIN_TEXT_SIZE = 18  # LOOK.md: body text at least 18 px at 1280x720
ANALYSIS_TOP = 604  # the "decided at move …" box, under the buttons
ANALYSIS_SIZE = 20


def duration_text(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def fitted_image(
    text: str, size: int, width: int, colour: pygame.Color, *, bold: bool = False
) -> pygame.Surface:
    """Text at `size`, or smaller (down to MIN_TEXT_SIZE) so it fits `width`; cut last."""
    while size > MIN_TEXT_SIZE and assets.font(size, bold=bold).size(text)[0] > width:
        size -= 2
    shown = assets.fit_text(text, size, width, bold=bold)
    return assets.text_image(shown, size, (colour.r, colour.g, colour.b), bold=bold)


def wrapped(text: str, size: int, width: int) -> list[str]:
    """Words in lines that fit `width` pixels (a word too long for a line gets one)."""
    face, lines = assets.font(size), [""]
    for word in text.split():
        joined = f"{lines[-1]} {word}".strip()
        if lines[-1] and face.size(joined)[0] > width:
            lines.append(word)
        else:
            lines[-1] = joined
    return lines


def personal_headline(session: GameSession, lang: str) -> str | None:
    """'You win!' or 'You lose' when one person played the computer; else None."""
    outcome = session.state.outcome()
    humans = [i for i, seat in enumerate(session.seats) if seat.kind == HUMAN]  # not a LAN opponent
    if outcome is None or outcome.winner is None or len(humans) != 1:
        return None
    return tr("plateaux.you_win" if outcome.winner == humans[0] else "plateaux.you_lose", lang)


class GameOverScene(MenuScene):
    title_key = "plateaux.game_over"
    has_back = False
    column_top = 266
    column_centre = COLUMN_CENTRE

    def __init__(self, app: App, session: GameSession, post: PostGame | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.post = post  # a network game's link, kept for a rematch (scenes.lan_rematch)
        setup = session.setup
        self.look = BoardLook(setup.game_id, setup.options, FINAL_BOARD_RECT, setup.look)
        self.cells = session.state.board()
        # The cells that decided the game (a mill, Teeko's four) stay marked.
        history = session.state.history
        last = history[-1] if history else None
        self.last_steps = tuple(last.steps) if last is not None else ()
        self.marked = hooks_for(setup.game_id).flash_cells(session.state, last) if last is not None else []
        self.decision: Decision | None = None  # where a solved game was decided, once known
        self.analysing = has_verdicts(setup.game_id)
        if self.analysing:
            warm_up()  # loaded already when the game was played here; a thread if not

    def entries(self) -> list[Entry]:
        # Undo takes the last move back (an accidental third repetition has a way back).
        undo = Entry("undo", "undo", enabled=self.can_undo)
        return [undo, *(Entry(action, action) for action in ("review", "replay", "rematch", "menu"))]

    @property
    def can_undo(self) -> bool:
        """A local game with a person in it: a network game cannot be taken back."""
        session = self.session
        people = any(seat.kind == HUMAN for seat in session.seats)
        local = not any(seat.is_remote for seat in session.seats)
        return people and local and session.can_undo()

    def headline(self) -> tuple[str, str]:
        words = outcome_words(self.session, self.app.lang)
        head, _, reason = words.partition(" — ")
        reason = reason[:1].upper() + reason[1:]  # on a line of its own: a sentence
        personal = personal_headline(self.session, self.app.lang)
        if personal is not None:
            reason = f"{head} — {reason}" if reason else head
            head = personal
        return head, reason

    def stats(self) -> str:
        lang = self.app.lang
        parts = [tr("plateaux.stat_moves", lang, count=len(self.session.state.history))]
        captures = self.session.captures()
        if captures:  # Teeko and Othello never capture: no "Captures 0"
            parts.append(tr("plateaux.stat_captures", lang, count=captures))
        played = sum(self.session.clocks)
        if played >= 1:  # a game loaded finished was not timed here: no "Duration 0:00"
            parts.append(tr("plateaux.stat_duration", lang, time=duration_text(played)))
        return "   ·   ".join(parts)

    def analysis(self) -> str:
        """'Decided at move 1 (b2): from then on Black could force the win.', or ''."""
        if self.decision is None:
            return ""
        state, lang = self.session.state, self.app.lang
        return decision_text(self.decision, [player_name(state, i, lang) for i in (0, 1)], lang)

    def update(self, dt: float) -> None:
        if self.post is not None:
            update_rematch(self, self.post)
        if self.analysing and database_ready():  # lookups only: well under a millisecond
            self.analysing = False
            self.decision = decision(self.session.state)

    def choose(self, action: str) -> None:
        if action == "undo" and self.can_undo:
            self.session.undo()  # Redo on the board brings the move back
            self.app.replace("board", self.session)
        elif action == "review":
            self.app.push("review", self.session)
        elif action == "replay":
            self.app.push("replay", self.session)
        elif action == "rematch":
            setup = self.session.setup
            if self.post is not None and ask_rematch(self, self.post):
                return  # the other player is asked; their answer comes in update
            if not any(seat.is_remote for seat in setup.seats):
                setup = setup.swapped()  # the other side starts this time
            if any(seat.is_remote for seat in setup.seats):
                # A LAN game's rematch is another LAN game: host or join again.
                self.app.replace("lan_menu", setup)
            elif len(looks_for(setup.game_id)) > 1:
                # Seed 004: the look is chosen at every new game, so ask again (as it was).
                self.app.replace("game_select", setup)
            else:
                self.app.replace("new_game", setup=setup)
        elif action == "menu":
            self.app.reset("title")

    def back(self) -> None:
        self.choose("menu")

    def closing(self) -> None:
        if self.post is not None:
            self.post.close()  # no-op once a rematch's board took the link
        super().closing()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        self.look.draw_background(surface)
        board_view.draw_last_move(surface, self.look, self.last_steps, self.cells)
        board_view.draw_pieces(surface, self.look, self.cells, None)
        for cell in self.marked:
            self.look.draw_ring(surface, cell, pygame.Color(assets.ACCENT), width=5)
        head, reason = self.headline()
        lost = head == tr("plateaux.you_lose", self.app.lang)  # a loss is not told in gold
        image = fitted_image(head, 56, STATS_WIDTH, assets.REFUSAL if lost else assets.ACCENT, bold=True)
        surface.blit(image, image.get_rect(center=(COLUMN_CENTRE, 106)))
        image = fitted_image(reason, 24, STATS_WIDTH, assets.TEXT)
        surface.blit(image, image.get_rect(center=(COLUMN_CENTRE, 162)))
        box = pygame.Rect(0, 0, STATS_WIDTH, 64)
        box.center = (COLUMN_CENTRE, 218)
        pygame.draw.rect(surface, assets.PANEL, box, border_radius=12)
        image = fitted_image(self.stats(), 21, STATS_WIDTH - 24, assets.TEXT)
        surface.blit(image, image.get_rect(center=box.center))
        self.draw_analysis(surface)

    def draw_analysis(self, surface: pygame.Surface) -> None:
        text = self.analysis()
        if not text:
            return
        lines = wrapped(text, ANALYSIS_SIZE, STATS_WIDTH - 40)[:3]
        step = assets.font(ANALYSIS_SIZE).get_linesize()
        box = pygame.Rect(0, ANALYSIS_TOP, STATS_WIDTH, len(lines) * step + 22)
        box.centerx = COLUMN_CENTRE
        pygame.draw.rect(surface, assets.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, assets.ACCENT, (box.x, box.y + 10, 4, box.height - 20), border_radius=2)
        for index, line in enumerate(lines):
            image = assets.text_image(line, ANALYSIS_SIZE, tuple(assets.TEXT))
            surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + 11 + index * step)))
