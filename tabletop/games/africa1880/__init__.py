"""Africa 1880: the map, the game state, order sheets and their adjudication (no widgets here)."""

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.board import Board, BoardError, Territory, UnknownTerritory
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.board_names import normalize_name
from tabletop.games.africa1880.conflicts import Settlement, conflict_rule, settle
from tabletop.games.africa1880.execution import AfterOrders, GameOverError, execute_orders
from tabletop.games.africa1880.gamefile import (
    EXAMPLE_GAME,
    EXAMPLE_ORDERS,
    Game,
    GameFileError,
    NothingToUndo,
    example_game,
    example_orders,
    load_game,
    save_game,
)
from tabletop.games.africa1880.geometry import Geometry, load_geometry
from tabletop.games.africa1880.instructions import (
    GroupBy,
    Instruction,
    InstructionGroup,
    InstructionKind,
    Step,
    instruction_groups,
    table_instructions,
)
from tabletop.games.africa1880.legal import (
    PowerChoices,
    PresenceChoices,
    explore_targets,
    landing_targets,
    legal_choices,
    presence_choices,
    relation_targets,
)
from tabletop.games.africa1880.notation import ParseResult, parse_sheets
from tabletop.games.africa1880.notation_format import format_sheet, format_sheets
from tabletop.games.africa1880.options import LandingCheck, Options, Scoring, Start, StateError
from tabletop.games.africa1880.orders import (
    REASON_CODES,
    Develop,
    Explore,
    Hold,
    Landing,
    OrderKind,
    OrderSheet,
    Reason,
    VoidOrder,
)
from tabletop.games.africa1880.powers import (
    POWER_NAMES_DE,
    POWER_NAMES_FR,
    POWERS,
    UnknownPower,
    lookup_power,
    power_name,
)
from tabletop.games.africa1880.relations import Relation, Relations
from tabletop.games.africa1880.report import RemovalRule, Report, Score
from tabletop.games.africa1880.report_text import format_report, format_score
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import GameState, Phase

__all__ = [
    "EXAMPLE_GAME",
    "EXAMPLE_ORDERS",
    "POWER_NAMES_DE",
    "POWER_NAMES_FR",
    "POWERS",
    "REASON_CODES",
    "AfterOrders",
    "Board",
    "board_from_dict",
    "BoardError",
    "conflict_rule",
    "Develop",
    "example_game",
    "example_orders",
    "execute_orders",
    "Explore",
    "explore_targets",
    "format_report",
    "format_score",
    "format_sheet",
    "format_sheets",
    "Game",
    "GameFileError",
    "GameOverError",
    "GameState",
    "Geometry",
    "GroupBy",
    "Hold",
    "Instruction",
    "instruction_groups",
    "InstructionGroup",
    "InstructionKind",
    "Landing",
    "landing_targets",
    "LandingCheck",
    "legal_choices",
    "load_board",
    "load_game",
    "load_geometry",
    "lookup_power",
    "new_game",
    "normalize_name",
    "NothingToUndo",
    "Options",
    "OrderKind",
    "OrderSheet",
    "parse_sheets",
    "ParseResult",
    "Phase",
    "power_name",
    "PowerChoices",
    "presence_choices",
    "PresenceChoices",
    "Reason",
    "Relation",
    "relation_targets",
    "Relations",
    "RemovalRule",
    "Report",
    "resolve",
    "save_game",
    "Score",
    "score",
    "Scoring",
    "settle",
    "Settlement",
    "Start",
    "StateError",
    "Step",
    "table_instructions",
    "Territory",
    "UnknownPower",
    "UnknownTerritory",
    "VoidOrder",
]
