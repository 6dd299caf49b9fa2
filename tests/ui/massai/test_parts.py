"""The Massai controller holds its parts (composition, no mixin) and is the one writer of what
the page shows: the parts know the page only as :class:`~tabletop.ui.massai.steps.PageSteps`
(the fields they read, one named step per change), never the controller's class, and the
controller names each field it sets."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import traitlets

from tabletop.store import Store
from tabletop.ui.massai import controller
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.steps import PageSteps

PACKAGE = Path(__file__).resolve().parents[3] / "tabletop" / "ui" / "massai"
PARTS = ("entries", "playing", "keeping", "kept_secrets", "following")


def test_the_controller_inherits_no_mixin() -> None:
    assert MassaiController.__bases__ == (traitlets.HasTraits,)


def test_the_parts_do_not_import_the_controller() -> None:
    """Not even for a type: a part is given the page's steps, the store and the other parts."""
    knowing = []
    for name in PARTS:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".controller"):
                knowing.append(name)
    assert not knowing, f"parts that import the controller: {knowing}"


def test_every_field_the_controller_sets_is_named_where_it_is_set() -> None:
    """No general "set these fields" method: each ``set_trait`` names its trait."""
    tree = ast.parse(inspect.getsource(controller))
    unnamed = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "set_trait"
        and not (node.args and isinstance(node.args[0], ast.Constant))
    ]
    assert not unnamed, f"set_trait with a computed name at lines {unnamed}"


def test_the_parts_change_the_page_only_through_its_steps(store: Store) -> None:
    steps = {
        name
        for name, value in vars(PageSteps).items()
        if callable(value) and not name.startswith("_")
    }
    c = MassaiController(store)
    for part in (c.entry, c.plays, c.keeper, c.secrets):
        source = inspect.getsource(type(part))
        called = {
            node.func.attr
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "page"
        }
        assert called <= steps, f"{type(part).__name__} calls {called - steps} on the page"
        assert "set_trait" not in source
    assert not hasattr(c, "show") and not hasattr(c, "note_kept")
