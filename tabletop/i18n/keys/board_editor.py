"""The board editor's texts (``BOARD_EDITOR``): the page and the problems its model names."""

# ruff: noqa: E501 (one message per line reads best)

from __future__ import annotations

from tabletop.i18n.messages import N_, NN_, Msg

BOARD_EDITOR: dict[str, Msg] = {
    # The model's problems and progress (tabletop.games.africa1880.board_draft).
    "unnamed": N_("Territory {number} has no name yet."),
    "isolated": N_(
        "{name} has no neighbour and no coast: nothing can reach it (tap it in Neighbours mode, then its neighbours)."
    ),
    "no_territory": N_("The board has no territory yet."),
    "territory_number": N_("territory {number}"),
    "progress": N_(
        "{named} of {total} named, {isolated} without neighbours, {confirmed} confirmed"
    ),
    "problems_none": N_("No problem: the board can be saved and played."),
    "problems_count": NN_("{n} problem to fix:", "{n} problems to fix:", "n"),
    # Model refusals.
    "bad_spaces": N_("A territory has 1 to 4 development spaces, not {spaces}."),
    "self_link": N_("A territory cannot be its own neighbour."),
    "no_such": N_("There is no such territory."),
    "cut_misses": N_("The cut line must cross the territory: tap on both sides of it."),
    "outline_short": N_("An outline needs at least 3 points."),
    "unknown_power": N_("Unknown power {power}."),
    "bad_work": N_("The board kept here cannot be read: {error}"),
    # The page.
    "title": N_("Board editor"),
    "start_title": N_("Start a board"),
    "from_photo": N_("From a photo or scan"),
    "photo_help": N_(
        "A photo of the whole board, flat and evenly lit (PNG or JPEG; on a phone the camera can take it)."
    ),
    "from_bundled": N_("From the bundled board"),
    "from_file": N_("Open a board file"),
    "from_saved": N_("Open a saved board"),
    "from_nothing": N_("From nothing (draw the territories)"),
    "open": N_("Open"),
    "continue_work": N_("Continue the board you were editing ({name})"),
    "no_saved": N_("No saved board yet."),
    "gap": N_("Gap bridging"),
    "smallest": N_("Smallest territory (%)"),
    "traced": NN_("{n} territory found.", "{n} territories found.", "n"),
    "photo_bad": N_("This photo cannot be used: {error}"),
    "file_bad": N_("This board file cannot be used: {error}"),
    "tracer_missing": N_("Tracing photos is not available on this server."),
    "store_missing": N_(
        "The boards database cannot be used ({error}): export the board file to keep it."
    ),
    "mode_select": N_("Select"),
    "mode_merge": N_("Merge two"),
    "mode_split": N_("Split (two taps)"),
    "mode_draw": N_("Draw outline"),
    "mode_links": N_("Neighbours"),
    "mode_bridge": N_("Land bridge"),
    "hint_select": N_("Tap a territory to name it."),
    "hint_merge": N_("Tap two territories to make them one."),
    "hint_merge_second": N_("Now tap the territory to join to {name}."),
    "hint_split": N_(
        "Tap on one side of the territory, then on the other side: the line between cuts it."
    ),
    "hint_split_second": N_("Now tap the other end of the cut line."),
    "hint_draw": N_("Tap the corners of the outline, then Close the outline."),
    "hint_draw_points": NN_("{n} point placed.", "{n} points placed.", "n"),
    "hint_links": N_("Tap a territory, then tap others to add or remove them as neighbours."),
    "hint_links_of": N_("Neighbours of {name}: tap others to add or remove them."),
    "hint_bridge": N_("Tap two territories that do not touch to join them by a land bridge."),
    "hint_bridge_second": N_("Now tap the territory to join to {name} by a land bridge."),
    "close_outline": N_("Close the outline"),
    "cancel_outline": N_("Cancel the outline"),
    "replace_outline": N_("Make it the outline of {name}"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "erase": N_("Remove this territory"),
    "board_name": N_("Board name"),
    "selected_none": N_("Tap a territory on the map."),
    "name": N_("Name"),
    "name_fr": N_("French name"),
    "name_de": N_("German name"),
    "aliases": N_("Other spellings (commas between)"),
    "spaces": N_("Development spaces"),
    "coastal": N_("Coastal (touches the sea)"),
    "walk": N_("Territory {index} of {total}: {name}"),
    "previous": N_("◀ Previous"),
    "next": N_("Next ▶"),
    "confirm": N_("Neighbours right"),
    "neighbours_of": N_("Neighbours: {names}"),
    "starts": N_("Historical starts"),
    "no_start": N_("(none)"),
    "save": N_("Save"),
    "saved": N_("Saved as version {version}."),
    "save_refused": N_("Not saved: fix the problems listed first."),
    "not_saved": N_("Not saved: {error}"),
    "export": N_("Export the board file"),
    "export_ready": N_("↓ {file}"),
    "done": N_("Done."),
}
