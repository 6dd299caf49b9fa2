"""What every page shares: the list of kept games (``GAMES_LIST``), the database link
(``STORE``) and punctuation (``PUNCTUATION``)."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, NNP_, NP_, Msg  # noqa: F401

GAMES_LIST: dict[str, Msg] = {
    "title": N_("Games"),
    "new_game": N_("New game"),
    "none_yet": N_("No game yet."),
    "col_name": N_("Name"),
    "col_updated": N_("Last change"),
    "col_steps_africa1880": NP_("games list", "Rounds"),
    "col_steps_massai": NP_("games list", "Actions"),
    "col_players": N_("Players"),
    "open": N_("Open"),
    "rename": N_("Rename"),
    "duplicate": N_("Duplicate"),
    "export": N_("Export"),
    "delete": N_("Delete"),
    "save_name": N_("Save the name"),
    "cancel": NP_("games list", "Cancel"),
    "new_name": N_("New name"),
    "renamed": N_("Renamed to “{name}”."),
    "duplicated": N_("Copy made: “{name}”."),
    "deleted": N_("“{name}” deleted."),
    "export_game": N_("↓ Game file"),
    "export_history": N_("↓ Whole history"),
    "export_of": N_("Export of “{name}”:"),
    "confirm_delete": N_(
        "Delete “{name}” for good, with its whole history? This cannot be undone. Export it first:"
    ),
    "delete_yes": N_("Delete for good"),
    "failed": N_("Not done: {error}"),
    "empty_name": N_("A game's name cannot be empty."),
}

STORE: dict[str, Msg] = {
    "stale": N_(
        "This game changed on another page: here is its new state. Your action was not applied."
    ),
    "changed_elsewhere": N_("Another page changed this game: the page shows its new state."),
    "deleted_elsewhere": N_("This game was deleted on another page; nothing more is saved."),
    "no_database": N_(
        "The games database cannot be used ({error}): this page keeps its game only while it is open."
    ),
    "not_saved": N_("Not saved in the database: {error}"),
    "redo": N_("↷ Redo"),
    "redone": N_("Round {year} restored."),
    "nothing_to_redo": N_("Nothing to redo."),
    "games": N_("☰ Games"),
    "opened": N_("“{name}” opened."),
    # TRANSLATORS: the English keeps "game(s)" for any number; write the plural forms.
    "imported_saves": NN_(
        "{n} game(s) saved by earlier versions of this page were imported into the list.",
        "{n} game(s) saved by earlier versions of this page were imported into the list.",
        "n",
    ),
    "example_name": N_("Example game"),
}

PUNCTUATION: dict[str, Msg] = {
    "label_value": NP_("punctuation", "{label}: {value}"),
}
