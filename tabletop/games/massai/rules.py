"""Massai rules: legality helpers and the pure ``apply(state, action) -> (state, report)``.

An illegal action is never an exception: ``apply`` returns the state unchanged and a report with
``ok=False``, a reason ``code`` and a sentence for people. Decisions where the published rules are
silent (see docs/massai.md):

* the first player starts the play once both setups are revealed;
* an unguarded target becomes an attacker hut only if the attacker still has a hut in supply;
* removed huts go back to their owner's supply;
* a defender may use fewer guards than allowed;
* if both players meet a winning condition after the same action (only possible from positions
  that ordinary play cannot reach), the player who took the action wins;
* no pass: in play a player always has a build, a move or an attack (argued in the docs,
  checked by a property test with ``has_legal_action``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.games.enums import TextEnum
from tabletop.games.massai.actions import Action, Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.state import SETUP_HUTS, Phase, State, WinReason
from tabletop.i18n.keys import text
from tabletop.i18n.messages import N_

#: The code of a report whose action was played.
OK = "ok"


class Refusal(TextEnum):
    """Why an action is refused: stable codes (the interface phrases them in each language).

    A member is its string value (``Refusal.SQUARE_TAKEN == "square-taken"``).
    """

    GAME_OVER = "game-over"
    GUARD_DUPLICATE = "guard-duplicate"
    GUARD_NOT_ATTACKABLE = "guard-not-attackable"
    MOVE_ISOLATES = "move-isolates"
    MOVE_TOO_EARLY = "move-too-early"
    NO_SUCH_PLAYER = "no-such-player"
    NO_SUPPLY = "no-supply"
    NOT_OWN_HALF = "not-own-half"
    NOT_OWN_HUT = "not-own-hut"
    NOT_TOUCHING = "not-touching"
    NOT_YOUR_TURN = "not-your-turn"
    OFF_BOARD = "off-board"
    SETUP_COUNT = "setup-count"
    SETUP_DUPLICATE = "setup-duplicate"
    SETUP_FIRST = "setup-first"
    SETUP_NOT_TOUCHING = "setup-not-touching"
    SETUP_OVER = "setup-over"
    SQUARE_TAKEN = "square-taken"
    TARGET_NOT_ATTACKABLE = "target-not-attackable"
    TOO_MANY_GUARDS = "too-many-guards"
    UNKNOWN_ACTION = "unknown-action"


def player_name(player: int, lang: str = "en") -> str:
    """The name people see: ``Player 1`` (light huts, row-1 bank) or ``Player 2`` (dark huts)."""
    return text("massai_rules", "player_name", lang, number=player + 1)


class Said(str):
    """One sentence of a report: the English text (a ``str``, as in ``Report.message``), carrying
    its key in the ``massai_rules`` table and its values, so :meth:`render` says it in any
    language (player names, square lists and nested sentences included)."""

    key: str
    values: tuple[tuple[str, Any], ...]

    def __new__(cls, key: str, values: tuple[tuple[str, Any], ...] = ()) -> Said:
        self = super().__new__(cls, _render_said(key, values, "en"))
        self.key, self.values = key, values
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle rebuild it from its parts
        return (Said, (self.key, self.values))

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return str(self) if lang == "en" else _render_said(self.key, self.values, lang)


class _Player(str):
    """A player's name (English as a ``str``), named again in the reader's language."""

    number: int

    def __new__(cls, number: int) -> _Player:
        self = super().__new__(cls, player_name(number))
        self.number = number
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Player, (self.number,))

    def render(self, lang: str) -> str:
        return player_name(self.number, lang)


class _Squares(str):
    """Squares in alphabetical order, or "none" in the reader's language."""

    squares: tuple[str, ...]

    def __new__(cls, squares: Any) -> _Squares:
        listed = tuple(sorted(squares))
        self = super().__new__(cls, ", ".join(listed) if listed else _NONE.render("en"))
        self.squares = listed
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Squares, (self.squares,))

    def render(self, lang: str) -> str:
        return ", ".join(self.squares) if self.squares else _NONE.render(lang)


class _ByPlayer(str):
    """Squares of each player: ``Player 1 a1, b2; Player 2 c3``."""

    groups: tuple[tuple[int, tuple[str, ...]], ...]

    def __new__(cls, groups: tuple[tuple[int, tuple[str, ...]], ...]) -> _ByPlayer:
        self = super().__new__(cls, _by_player(groups, "en"))
        self.groups = groups
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_ByPlayer, (self.groups,))

    def render(self, lang: str) -> str:
        return _by_player(self.groups, lang)


def _by_player(groups: tuple[tuple[int, tuple[str, ...]], ...], lang: str) -> str:
    return "; ".join(
        f"{player_name(p, lang)} {_Squares(squares).render(lang)}" for p, squares in groups
    )


_NONE = N_("none")


def _render_said(key: str, values: tuple[tuple[str, Any], ...], lang: str) -> str:
    shown = {
        name: value.render(lang)
        if isinstance(value, Said | _Player | _Squares | _ByPlayer)
        else value
        for name, value in values
    }
    return text("massai_rules", key, lang, **shown)


def _say(key: str, **values: Any) -> Said:
    """The sentence ``key`` of the rules' messages: English as a ``str``, in any language with
    :meth:`Said.render` (``Report.text``)."""
    return Said(key, tuple(values.items()))


def _player(player: int) -> _Player:
    return _Player(player)


def _listed(squares: Any) -> dict[str, Any]:
    """The values of a sentence about a list of squares: the list and the count that makes the
    verb agree (``c1 is`` but ``c1, c2 are``)."""
    return {"squares": ", ".join(squares), "count": len(squares)}


def _squares(squares: Any) -> _Squares:
    return _Squares(squares)


@dataclass(frozen=True)
class AttackOutcome:
    """What an attack did, for reports and for highlighting the consequences on a board."""

    attacker: int
    target: str
    guards: tuple[str, ...]
    attack_points: int
    guards_allowed: int
    guarded: bool
    replaced: bool
    #: Huts removed because they touch the target: defender's if unguarded, attacker's if guarded.
    removed_touching: tuple[tuple[int, str], ...]
    #: Huts of either player removed afterwards because they touch no hut of their own colour.
    removed_isolated: tuple[tuple[int, str], ...]

    @property
    def defender(self) -> int:
        """The attacked player."""
        return other(self.attacker)


@dataclass(frozen=True)
class Report:
    """What an action did (``ok``) or why it was refused (``ok=False``), in data and in words.

    ``code`` is ``"ok"`` or a refusal code; ``params`` holds the values quoted by ``message``
    so that an interface can phrase the same sentence in another language. ``message`` is
    English; ``said`` keeps its sentences with their keys and values, and :meth:`text` says the
    same message in any language with a catalog.
    """

    action: Action
    ok: bool
    code: Refusal | str
    message: str
    params: dict[str, Any] = field(default_factory=dict)
    placed: tuple[tuple[int, str], ...] = ()
    removed: tuple[tuple[int, str], ...] = ()
    attack: AttackOutcome | None = None
    winner: int | None = None
    win_reason: WinReason | None = None
    said: tuple[Said, ...] = field(default=(), compare=False, repr=False)

    def text(self, lang: str = "en") -> str:
        """``message`` in ``lang`` (``message`` itself in English, or when the report was
        built without its sentences)."""
        if lang == "en" or not self.said:
            return self.message
        return " ".join(said.render(lang) for said in self.said)


class IllegalAction(ValueError):
    """Raised by ``apply_or_raise`` for a refused action; carries the refusal ``report``."""

    def __init__(self, report: Report) -> None:
        super().__init__(report.message)
        self.report = report


def _refuse(action: Action, code: Refusal, message: Said, **params: Any) -> Report:
    return Report(
        action=action, ok=False, code=code, message=message, params=params, said=(message,)
    )


# --- legality helpers ---------------------------------------------------------------------


def attackable_huts(state: State, attacker: int | None = None) -> frozenset[str]:
    """The defender's huts that touch at least one hut of ``attacker`` (default: player to move).

    Their number is the attack points of any attack the attacker may announce now.
    """
    attacker = state.to_move if attacker is None else attacker
    board, mine = state.board, state.huts[attacker]
    return frozenset(h for h in state.huts[other(attacker)] if board.neighbours(h) & mine)


def attack_points(state: State, attacker: int | None = None) -> int:
    """How many defender huts could be attacked now (the attack points)."""
    return len(attackable_huts(state, attacker))


def guards_allowed(state: State, attacker: int | None = None) -> int:
    """Guards the defender may place against an attack now, read from the guard table."""
    return state.options.guards_for(attack_points(state, attacker))


def legal_setup_squares(state: State, player: int) -> frozenset[str]:
    """Squares where ``player`` may put setup huts: their own half."""
    return state.board.half(player)


def legal_builds(state: State) -> frozenset[str]:
    """Empty squares where the player to move may build (none without a hut in supply)."""
    if state.phase is not Phase.PLAY or state.supply(state.to_move) == 0:
        return frozenset()
    board, mine, taken = state.board, state.huts[state.to_move], state.occupied()
    return frozenset(s for s in board.squares if s not in taken and board.neighbours(s) & mine)


def isolated(state: State, huts: frozenset[str]) -> frozenset[str]:
    """The huts among ``huts`` that touch none of the others."""
    board = state.board
    return frozenset(h for h in huts if not board.neighbours(h) & huts)


def _move_problem(state: State, player: int, origin: str, destination: str) -> Refusal | None:
    """``None`` if the move keeps every hut of ``player`` touching another, else a refusal code."""
    after = (state.huts[player] - {origin}) | {destination}
    lonely = isolated(state, after)
    if destination in lonely:
        return Refusal.NOT_TOUCHING
    if lonely:
        return Refusal.MOVE_ISOLATES
    return None


def legal_moves(state: State) -> frozenset[tuple[str, str]]:
    """``(origin, destination)`` pairs the player to move may play (only with all 15 huts out)."""
    player = state.to_move
    if state.phase is not Phase.PLAY or state.supply(player) > 0:
        return frozenset()
    taken = state.occupied()
    empty = [s for s in state.board.squares if s not in taken]
    return frozenset(
        (origin, dest)
        for origin in state.huts[player]
        for dest in empty
        if _move_problem(state, player, origin, dest) is None
    )


def has_legal_action(state: State) -> bool:
    """True if the player to move can build, move or attack."""
    if state.phase is not Phase.PLAY:
        return state.phase is Phase.SETUP
    return bool(legal_builds(state) or attackable_huts(state) or legal_moves(state))


# --- checks -------------------------------------------------------------------------------


def check(state: State, action: Action) -> Report | None:
    """``None`` if ``action`` is legal in ``state``, else the refusal report."""
    if state.phase is Phase.OVER:
        return _refuse(
            action,
            Refusal.GAME_OVER,
            _say("game-over", winner=_player(state.winner or 0)),
            winner=state.winner,
        )
    if action.player not in (0, 1):
        return _refuse(action, Refusal.NO_SUCH_PLAYER, _say("no-such-player"))
    if action.player != state.to_move:
        return _refuse(
            action,
            Refusal.NOT_YOUR_TURN,
            _say(
                "not-your-turn",
                player=_player(action.player),
                to_move=_player(state.to_move),
            ),
            player=action.player,
            to_move=state.to_move,
        )
    if isinstance(action, Setup):
        return _check_setup(state, action)
    if state.phase is Phase.SETUP:
        return _refuse(
            action,
            Refusal.SETUP_FIRST,
            _say("setup-first"),
        )
    if isinstance(action, Build):
        return _check_build(state, action)
    if isinstance(action, Move):
        return _check_move(state, action)
    if isinstance(action, Attack):
        return _check_attack(state, action)
    return _refuse(action, Refusal.UNKNOWN_ACTION, _say("unknown-action", action=repr(action)))


def _off_board(state: State, action: Action, squares: Any) -> Report | None:
    outside = sorted(s for s in squares if not state.board.contains(s))
    if outside:
        return _refuse(
            action,
            Refusal.OFF_BOARD,
            _say(
                "off-board",
                columns=state.options.columns,
                rows=state.options.rows,
                **_listed(outside),
            ),
            squares=outside,
        )
    return None


def _check_setup(state: State, action: Setup) -> Report | None:
    if state.phase is not Phase.SETUP:
        return _refuse(action, Refusal.SETUP_OVER, _say("setup-over"))
    squares = action.squares
    if len(squares) != SETUP_HUTS:
        return _refuse(
            action,
            Refusal.SETUP_COUNT,
            _say("setup-count", huts=SETUP_HUTS, count=len(squares)),
            count=len(squares),
        )
    if len(set(squares)) != len(squares):
        doubled = sorted({s for s in squares if squares.count(s) > 1})
        return _refuse(
            action,
            Refusal.SETUP_DUPLICATE,
            _say("setup-duplicate", **_listed(doubled)),
            squares=doubled,
        )
    refusal = _off_board(state, action, squares)
    if refusal:
        return refusal
    half = state.board.half(action.player)
    outside = sorted(s for s in squares if s not in half)
    if outside:
        rows = state.board.half_rows(action.player)
        return _refuse(
            action,
            Refusal.NOT_OWN_HALF,
            _say(
                "not-own-half",
                player=_player(action.player),
                first_row=rows[0],
                last_row=rows[-1],
                **_listed(outside),
            ),
            squares=outside,
            first_row=rows[0],
            last_row=rows[-1],
        )
    alone = sorted(isolated(state, frozenset(squares)))
    if alone:
        return _refuse(
            action,
            Refusal.SETUP_NOT_TOUCHING,
            _say("setup-not-touching", **_listed(alone)),
            squares=alone,
        )
    return None


def _check_build(state: State, action: Build) -> Report | None:
    player = action.player
    if state.supply(player) == 0:
        return _refuse(
            action,
            Refusal.NO_SUPPLY,
            _say("no-supply"),
        )
    refusal = _off_board(state, action, [action.square])
    if refusal:
        return refusal
    if state.owner(action.square) is not None:
        return _refuse(
            action,
            Refusal.SQUARE_TAKEN,
            _say("square-taken", square=action.square),
            square=action.square,
        )
    if not state.board.neighbours(action.square) & state.huts[player]:
        return _refuse(
            action,
            Refusal.NOT_TOUCHING,
            _say("not-touching", square=action.square, player=_player(player)),
            square=action.square,
        )
    return None


def _check_move(state: State, action: Move) -> Report | None:
    player = action.player
    if state.supply(player) > 0:
        return _refuse(
            action,
            Refusal.MOVE_TOO_EARLY,
            _say("move-too-early", supply=state.supply(player)),
            supply=state.supply(player),
        )
    refusal = _off_board(state, action, [action.origin, action.destination])
    if refusal:
        return refusal
    if action.origin not in state.huts[player]:
        return _refuse(
            action,
            Refusal.NOT_OWN_HUT,
            _say("not-own-hut", player=_player(player), square=action.origin),
            square=action.origin,
        )
    if state.owner(action.destination) is not None:
        return _refuse(
            action,
            Refusal.SQUARE_TAKEN,
            _say("square-taken", square=action.destination),
            square=action.destination,
        )
    problem = _move_problem(state, player, action.origin, action.destination)
    if problem is Refusal.NOT_TOUCHING:
        return _refuse(
            action,
            Refusal.NOT_TOUCHING,
            _say("not-touching-move", square=action.destination, player=_player(player)),
            square=action.destination,
        )
    if problem is Refusal.MOVE_ISOLATES:
        after = (state.huts[player] - {action.origin}) | {action.destination}
        alone = sorted(isolated(state, after))
        return _refuse(
            action,
            Refusal.MOVE_ISOLATES,
            _say(
                "move-isolates",
                origin=action.origin,
                squares=", ".join(alone),
                player=_player(player),
            ),
            squares=alone,
        )
    return None


def _check_attack(state: State, action: Attack) -> Report | None:
    attacker = action.player
    defender = other(attacker)
    refusal = _off_board(state, action, [action.target, *action.guards])
    if refusal:
        return refusal
    targets = attackable_huts(state, attacker)
    if action.target not in state.huts[defender]:
        return _refuse(
            action,
            Refusal.TARGET_NOT_ATTACKABLE,
            _say("target-not-hut", square=action.target, player=_player(defender)),
            square=action.target,
        )
    if action.target not in targets:
        return _refuse(
            action,
            Refusal.TARGET_NOT_ATTACKABLE,
            _say("target-not-attackable", square=action.target, player=_player(attacker)),
            square=action.target,
        )
    guards = action.guards
    if len(set(guards)) != len(guards):
        doubled = sorted({s for s in guards if guards.count(s) > 1})
        return _refuse(
            action,
            Refusal.GUARD_DUPLICATE,
            _say("guard-duplicate", **_listed(doubled)),
            squares=doubled,
        )
    allowed = state.options.guards_for(len(targets))
    if len(guards) > allowed:
        return _refuse(
            action,
            Refusal.TOO_MANY_GUARDS,
            _say("too-many-guards", attack_points=len(targets), allowed=allowed, count=len(guards)),
            attack_points=len(targets),
            allowed=allowed,
            count=len(guards),
        )
    wrong = sorted(g for g in guards if g not in targets)
    if wrong:
        return _refuse(
            action,
            Refusal.GUARD_NOT_ATTACKABLE,
            _say("guard-not-attackable", player=_player(defender), **_listed(wrong)),
            squares=wrong,
        )
    return None


# --- resolution ---------------------------------------------------------------------------


def _winner(state: State, actor: int) -> tuple[int | None, WinReason | None]:
    """Who wins in ``state`` (checked for both players) and why; the actor wins a tie."""
    board = state.board
    reasons: dict[int, WinReason] = {}
    for player in (0, 1):
        if board.joins_banks(state.huts[player]):
            reasons[player] = WinReason.CONNECTION
        elif not state.huts[other(player)]:
            reasons[player] = WinReason.ELIMINATION
    if not reasons:
        return None, None
    winner = actor if actor in reasons else next(iter(reasons))
    return winner, reasons[winner]


def winning_chain(state: State, player: int) -> tuple[str, ...]:
    """The squares of one chain of ``player``'s touching huts that joins the two banks.

    Touching follows the board's option (8 or 4), as for every other rule. The squares come in
    board order (row by row from row 1). When several chains join the banks, the one holding
    the square that comes first in board order is given; when none does, the tuple is empty.
    Works on any position, whether or not the game has been declared over.
    """
    board = state.board
    first, last = board.bank(1), board.bank(board.rows)
    joining = [g for g in board.groups(state.huts[player]) if g & first and g & last]
    if not joining:
        return ()
    order = {square: index for index, square in enumerate(board.squares)}
    chain = min(joining, key=lambda group: min(order[s] for s in group))
    return tuple(sorted(chain, key=order.__getitem__))


def _finish(
    before: State, after: State, action: Action, said: Said | list[Said], **extra: Any
) -> tuple[State, Report]:
    """Advance the turn, detect a winner, and build the success report."""
    said = [said] if isinstance(said, Said) else list(said)
    after = replace(after, turn=before.turn + 1)
    winner, reason = (None, None)
    if after.phase is Phase.PLAY:
        winner, reason = _winner(after, action.player)
    if winner is not None:
        after = replace(after, phase=Phase.OVER, winner=winner, win_reason=reason)
        how = (
            _say("how_connection")
            if reason is WinReason.CONNECTION
            else _say("how_elimination", loser=_player(other(winner)))
        )
        said.append(_say("wins", player=_player(winner), how=how))
    report = Report(
        action=action,
        ok=True,
        code=OK,
        message=" ".join(said),
        said=tuple(said),
        winner=winner,
        win_reason=reason,
        **extra,
    )
    return after, report


def apply(state: State, action: Action) -> tuple[State, Report]:
    """Play ``action`` in ``state``: ``(new state, report)``; a refusal leaves it unchanged."""
    refusal = check(state, action)
    if refusal is not None:
        return state, refusal
    player = action.player
    name = _player(player)
    if isinstance(action, Setup):
        squares = frozenset(action.squares)
        if state.pending_setup is None:
            after = replace(state, pending_setup=squares, to_move=other(player))
            return _finish(state, after, action, _say("setup_chosen", player=name))
        first = state.pending_setup
        after = replace(
            state, huts=(first, squares), pending_setup=None, phase=Phase.PLAY, to_move=0
        )
        placed = tuple((0, s) for s in sorted(first)) + tuple((1, s) for s in sorted(squares))
        return _finish(
            state,
            after,
            action,
            _say(
                "setups_revealed",
                first=_player(0),
                first_squares=_squares(first),
                second=_player(1),
                second_squares=_squares(squares),
            ),
            placed=placed,
        )
    if isinstance(action, Build):
        after = state.with_huts(player, state.huts[player] | {action.square})
        after = replace(after, to_move=other(player))
        return _finish(
            state,
            after,
            action,
            _say("builds", player=name, square=action.square),
            placed=((player, action.square),),
        )
    if isinstance(action, Move):
        huts = (state.huts[player] - {action.origin}) | {action.destination}
        after = replace(state.with_huts(player, huts), to_move=other(player))
        return _finish(
            state,
            after,
            action,
            _say("moves", player=name, origin=action.origin, destination=action.destination),
            placed=((player, action.destination),),
            removed=((player, action.origin),),
        )
    return _resolve(state, action)


def _resolve(state: State, action: Attack) -> tuple[State, Report]:
    """Reveal a legal attack and apply its consequences."""
    attacker, defender, target = action.player, other(action.player), action.target
    board = state.board
    points = attack_points(state, attacker)
    allowed = state.options.guards_for(points)
    guarded = target in action.guards
    huts = [set(state.huts[0]), set(state.huts[1])]
    removed_touching: list[tuple[int, str]] = []
    placed: list[tuple[int, str]] = []
    replaced = False
    if guarded:
        for hut in sorted(board.neighbours(target) & huts[attacker]):
            huts[attacker].discard(hut)
            removed_touching.append((attacker, hut))
    else:
        huts[defender].discard(target)
        # The supply check uses the count before the target is replaced.
        if state.supply(attacker) > 0:
            huts[attacker].add(target)
            placed.append((attacker, target))
            replaced = True
        for hut in sorted(board.neighbours(target) & huts[defender]):
            huts[defender].discard(hut)
            removed_touching.append((defender, hut))
    # Isolated huts of both colours go; removing an isolated hut never isolates another of its
    # colour (it touched none), so one pass is enough.
    removed_isolated: list[tuple[int, str]] = []
    for player in (attacker, defender):
        for hut in sorted(h for h in huts[player] if not board.neighbours(h) & huts[player]):
            removed_isolated.append((player, hut))
        huts[player] -= {h for p, h in removed_isolated if p == player}
    after = replace(state, huts=(frozenset(huts[0]), frozenset(huts[1])), to_move=defender)
    outcome = AttackOutcome(
        attacker=attacker,
        target=target,
        guards=action.guards,
        attack_points=points,
        guards_allowed=allowed,
        guarded=guarded,
        replaced=replaced,
        removed_touching=tuple(removed_touching),
        removed_isolated=tuple(removed_isolated),
    )
    attack = {
        "player": _player(attacker),
        "target": target,
        "attack_points": points,
        "allowed": allowed,
    }
    if action.guards:
        words = [_say("attacks", guards=_squares(action.guards), **attack)]
    else:
        words = [_say("attacks_no_guard", **attack)]
    lost = _squares([h for _, h in removed_touching])
    if guarded:
        words.append(_say("guarded", target=target))
        words.append(_say("loses", player=_player(attacker), lost=lost))
    else:
        key = "becomes" if replaced else "removed_no_supply"
        words.append(_say(key, target=target, attacker=_player(attacker)))
        words.append(_say("loses", player=_player(defender), lost=lost))
    if removed_isolated:
        by_player = _ByPlayer(
            tuple(
                (p, tuple(sorted(h for q, h in removed_isolated if q == p)))
                for p in (attacker, defender)
                if any(q == p for q, _ in removed_isolated)
            )
        )
        words.append(_say("isolated", lost=by_player))
    removed = tuple(removed_touching) + tuple(removed_isolated)
    if not guarded:
        removed = ((defender, target),) + removed
    return _finish(
        state,
        after,
        action,
        words,
        placed=tuple(placed),
        removed=removed,
        attack=outcome,
        params={"target": target, "guarded": guarded},
    )


def resolve_attack(
    state: State, target: str, guards: tuple[str, ...] | list[str] | frozenset[str] = ()
) -> tuple[State, Report]:
    """Resolve an attack by the player to move on ``target`` against ``guards`` (pure).

    Usable on any position in play; an illegal attack gives the unchanged state and a refusal.
    """
    return apply(state, Attack(state.to_move, target, tuple(sorted(guards))))


def apply_or_raise(state: State, action: Action) -> tuple[State, Report]:
    """Like ``apply`` but raises ``IllegalAction`` (a ``ValueError``) for a refused action."""
    after, report = apply(state, action)
    if not report.ok:
        raise IllegalAction(report)
    return after, report
