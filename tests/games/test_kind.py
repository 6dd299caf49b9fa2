"""games/kind.py: each game declares itself once; the store asks the registry, not game classes."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.africa1880.kind import AFRICA1880
from tabletop.games.kind import (
    GameKind,
    KindRegistry,
    NotResolvable,
    Resolution,
    SecretRefused,
    Stage,
    UnknownKind,
)
from tabletop.games.massai.actions import Build, Setup
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.kind import MASSAI
from tabletop.games.registry import KINDS
from tabletop.store import kinds
from tabletop.store.errors import GameDataError

FIRST_SETUP = ("a1", "b1", "b2", "c2", "c1")
SECOND_SETUP = ("h6", "g6", "g5", "f5", "f6")


def massai_in_play() -> GameRecord:
    record = GameRecord.new()
    for action in (Setup(0, FIRST_SETUP), Setup(1, SECOND_SETUP), Build(0, "d3")):
        record, report = record.play(action)
        assert report.ok, report.message
    return record


# --- the protocol ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [AFRICA1880, MASSAI], ids=lambda k: k.key)
def test_both_built_in_kinds_follow_the_protocol(kind: GameKind[Any]) -> None:
    assert isinstance(kind, GameKind)
    assert KINDS.kind_named(kind.key) is kind
    assert kind.schema.is_file() and json.loads(kind.schema.read_text())["$schema"]
    assert kind.name and kind.file_format and kind.step_action in ("resolve", "play")


def test_the_registry_knows_each_game_by_its_object_and_its_file() -> None:
    game, record = example_game(), GameRecord.new()
    assert KINDS.kind_of(game) is AFRICA1880 and KINDS.kind_of(record) is MASSAI
    assert KINDS.kind_of_file(AFRICA1880.dump(game)) is AFRICA1880
    assert KINDS.kind_of_file(MASSAI.dump(record)) is MASSAI
    assert KINDS.kind_of_file({"format": "chess"}) is None
    assert [kind.key for kind in KINDS.all_kinds()] == ["africa1880", "massai"]


# --- load and dump ---------------------------------------------------------------------------


def test_an_africa_game_round_trips_through_its_file_json() -> None:
    game = example_game()
    data = AFRICA1880.dump(game)
    again = AFRICA1880.load(json.loads(json.dumps(data)))
    assert AFRICA1880.dump(again) == data
    # Kept without its board (once per game in the database), it is read back with it.
    bare = AFRICA1880.dump(game, with_material=False)
    assert "board" not in bare
    material = AFRICA1880.material_of(game)
    assert AFRICA1880.dump(AFRICA1880.load(bare, material=material)) == data
    assert AFRICA1880.with_material(bare, material) == data


def test_a_massai_game_round_trips_through_its_file_json() -> None:
    record = massai_in_play()
    data = MASSAI.dump(record)
    again = MASSAI.load(json.loads(json.dumps(data)))
    assert again.actions == record.actions and MASSAI.dump(again) == data
    assert MASSAI.material_of(record) is None and MASSAI.with_material(data, None) is data


def test_a_bad_file_is_refused_by_the_kinds_loader() -> None:
    with pytest.raises(ValueError, match="upload"):
        MASSAI.load({"format": MASSAI.file_format, "version": 1, "history": 3}, "upload")


def test_the_stages_of_a_game_end_with_the_game_itself() -> None:
    record = massai_in_play()
    stages = MASSAI.stages(record)
    assert [s.action for s in stages] == [None, "play", "play", "play"]
    assert stages[-1].detail == "build d3" and MASSAI.dump(stages[-1].game) == MASSAI.dump(record)
    assert [MASSAI.progress(s.game) for s in stages] == [0, 1, 2, 3]
    game = example_game()
    stages = AFRICA1880.stages(game)
    assert len(stages) == len(game.history) + 1 and stages[0].action is None
    assert AFRICA1880.dump(stages[-1].game) == AFRICA1880.dump(game)


# --- observers and secrets -------------------------------------------------------------------


def test_a_massai_seat_never_sees_the_other_seats_pending_setup() -> None:
    record, _ = GameRecord.new().play(Setup(0, FIRST_SETUP))
    mine = MASSAI.observe(record, "Player 1", " ".join(FIRST_SETUP))
    theirs = MASSAI.observe(record, "Player 2", None)
    shown = json.dumps(theirs)
    assert not any(f'"{square}"' in shown or f" {square}" in shown for square in FIRST_SETUP)
    assert theirs["public"]["pending_setup"] == "hidden" and theirs["secret"] == "setup"
    assert mine["own_secret"] == " ".join(FIRST_SETUP) and mine["secret"] is None
    public, _last = MASSAI.observe_public(record)
    assert public["pending_setup"] == "hidden"


def test_an_africa_seat_sees_its_own_sheet_and_no_other() -> None:
    game = example_game()
    sheet = AFRICA1880.check_secret(game, "France", "Algeria: develop")
    assert sheet.startswith("[France]")
    france = AFRICA1880.observe(game, "France", sheet)
    germany = AFRICA1880.observe(game, "Germany", None)
    assert france["own_sheet"] == sheet and germany["own_sheet"] is None
    assert "Algeria: develop" not in json.dumps(germany)
    with pytest.raises(SecretRefused, match="headed Germany"):
        AFRICA1880.check_secret(game, "France", "[Germany]\nTogo: hold")


def test_what_each_seat_chooses_in_secret() -> None:
    record = massai_in_play()  # player 2 to act, player 1 has one attackable hut at most
    assert MASSAI.secret_of(record, "Player 2") == "target"
    with pytest.raises(SecretRefused, match="not a square"):
        MASSAI.check_secret(record, "Player 2", "z")
    game = example_game()
    assert {AFRICA1880.secret_of(game, p) for p in AFRICA1880.seats(game)} == {"sheet"}


def test_massai_resolves_both_sealed_setups_at_once() -> None:
    record = GameRecord.new()
    sealed = {"Player 1": " ".join(FIRST_SETUP)}
    with pytest.raises(NotResolvable, match="waiting for the setup of Player 2"):
        MASSAI.resolve(record, sealed)
    sealed["Player 2"] = " ".join(SECOND_SETUP)
    done = MASSAI.resolve(record, sealed)
    assert done.action == "play" and done.detail.count("setup") == 2
    assert done.game.state.huts == (frozenset(FIRST_SETUP), frozenset(SECOND_SETUP))
    assert done.report.ok and done.report_json is None


def test_africa_resolves_the_round_with_every_sealed_sheet() -> None:
    game = example_game()
    round_before = game.state.round
    with pytest.raises(NotResolvable, match="waiting for the sheets"):
        AFRICA1880.resolve(game, {"France": "[France]\nAlgeria: develop\n"})
    done = AFRICA1880.resolve(game, {"France": "[France]\nAlgeria: develop\n"}, force=True)
    assert done.action == "resolve" and done.game.state.round == round_before + 1
    assert done.report_json is not None and "[France]" in done.detail


# --- the registry ----------------------------------------------------------------------------


def test_the_registry_refuses_an_unknown_kind_clearly() -> None:
    with pytest.raises(UnknownKind, match=r"unknown kind of game 'chess' \(known: africa1880, "):
        KINDS.kind_named("chess")
    with pytest.raises(UnknownKind, match="not a game of a kind this program knows: dict"):
        KINDS.kind_of({})
    with pytest.raises(GameDataError, match="unknown kind of game 'chess'"):
        kinds.load_doc("chess", {})
    with pytest.raises(ValueError, match="'massai' is registered already"):
        KindRegistry([MASSAI, MASSAI])
    assert not kinds.known_kind("chess") and kinds.known_kind("massai")


# --- a toy third kind ------------------------------------------------------------------------


@dataclass(frozen=True)
class Pile:
    """A pile of stones; each round both players take 1 to 3 at once, in secret."""

    stones: int = 12
    takes: tuple[tuple[int, int], ...] = ()


class PileKind:
    key = "pile"
    name = "Pile"
    file_format = "tests.pile.game"
    schema = Path(__file__)
    game_type = Pile
    step_action = "take"

    def load(self, data: Any, source: str = "<data>", material: str | None = None) -> Pile:
        if not isinstance(data, Mapping) or data.get("format") != self.file_format:
            raise ValueError(f"{source}: not a pile")
        return Pile(data["stones"], tuple(tuple(t) for t in data["takes"]))  # type: ignore[misc]

    def read_file(
        self, data: Any, source: str, base_dir: Path | None = None, allow_paths: bool = False
    ) -> Pile:
        return self.load(data, source)

    def dump(self, game: Pile, with_material: bool = True) -> dict[str, Any]:
        return {"format": self.file_format, "stones": game.stones, "takes": list(game.takes)}

    def material_of(self, game: Pile) -> str | None:
        return None

    def with_material(self, data: dict[str, Any], material: str | None) -> dict[str, Any]:
        return data

    def open_file(self, path: str | os.PathLike[str]) -> Pile:
        return self.load(json.loads(Path(path).read_text()), str(path))

    def save_file(self, game: Pile, path: str | os.PathLike[str]) -> None:
        Path(path).write_text(json.dumps(self.dump(game)))

    def copy(self, game: Pile) -> Pile:
        return game

    def progress(self, game: Pile) -> int:
        return len(game.takes)

    def sealing_round(self, game: Pile) -> int:
        return len(game.takes) + 1

    def is_over(self, game: Pile) -> bool:
        return game.stones <= 0

    def summary(self, game: Pile) -> str:
        return f"{game.stones} stones left"

    def options(self, game: Pile) -> dict[str, Any]:
        return {}

    def stages(self, game: Pile) -> list[Stage]:
        start = Pile(game.stones + sum(a + b for a, b in game.takes))
        stages, pile = [Stage(start)], start
        for take in game.takes:
            pile = Pile(pile.stones - sum(take), pile.takes + (take,))
            stages.append(Stage(pile, "take", f"{take[0]} and {take[1]}"))
        return stages

    def seats(self, game: Pile) -> list[str]:
        return ["North", "South"]

    def seat_name(self, seat: str, lang: str = "en") -> str:
        return {"fr": {"North": "Nord", "South": "Sud"}}.get(lang, {}).get(seat, seat)

    def secret_of(self, game: Pile, seat: str) -> str | None:
        return None if self.is_over(game) else "take"

    def check_secret(self, game: Pile, seat: str, text: str) -> str:
        if text.strip() not in ("1", "2", "3"):
            raise SecretRefused("take 1, 2 or 3 stones")
        return text.strip()

    def observe(self, game: Pile, seat: str, own_secret: str | None) -> dict[str, Any]:
        return {"kind": self.key, "seat": seat, "stones": game.stones, "own_secret": own_secret}

    def observe_public(self, game: Pile) -> tuple[dict[str, Any], Any]:
        return {"stones": game.stones}, None

    def resolve(self, game: Pile, sealed: Mapping[str, str], force: bool = False) -> Resolution:
        take = (int(sealed.get("North", "0")), int(sealed.get("South", "0")))
        after = Pile(game.stones - sum(take), game.takes + (take,))
        return Resolution(after, "take", f"{take[0]} and {take[1]}", None)


@pytest.fixture
def pile_kind() -> Iterator[GameKind[Pile]]:
    kind: GameKind[Pile] = PileKind()
    KINDS.register(kind)
    try:
        yield kind
    finally:
        KINDS.unregister(kind.key)


def test_a_third_kind_registered_works_through_the_stores_kinds_functions(
    pile_kind: GameKind[Pile],
) -> None:
    pile = pile_kind.resolve(Pile(), {"North": "3", "South": "1"}).game
    assert kinds.kind_of_game(pile) == "pile" and kinds.kind_name("pile") == "Pile"
    assert kinds.check_kind("pile") == "pile" and kinds.known_kind("pile")
    doc = kinds.doc_of(pile)
    assert kinds.detect_kind(doc) == "pile"
    assert kinds.load_doc("pile", doc) == pile
    assert kinds.read_game_file(doc, "upload") == pile
    assert kinds.file_doc(doc, kinds.board_json_of(pile)) == doc
    assert (kinds.step_of(pile), kinds.round_of(pile), kinds.game_over(pile)) == (1, 2, False)
    assert kinds.players_of(pile) == ["North", "South"]
    assert kinds.summary_of(pile) == "8 stones left" and kinds.options_of(pile) == {}
    steps = kinds.steps_of(pile, "import")
    assert [(s.action, s.step, s.detail) for s in steps] == [
        ("import", 0, None),
        ("take", 1, "3 and 1"),
    ]
    assert kinds.load_doc("pile", steps[0].doc) == Pile(12)
    with pytest.raises(GameDataError, match="not a pile"):
        kinds.load_doc("pile", {"format": "chess"}, source="a file")
    over = replace(pile, stones=0)
    assert kinds.game_over(over) and pile_kind.secret_of(over, "North") is None


def test_a_toy_kind_is_forgotten_after_its_test() -> None:
    assert not kinds.known_kind("pile")
    assert isinstance(example_game(), Game)
