"""The import structure of the ``tabletop`` package, read from its source (nothing is imported).

Three house rules (docs/architecture.md) are checked here and by ``tests/test_structure.py``:

- **no cycle**: no module imports, directly or through others, a module that imports it back;
  package ``__init__`` files only declare a public API, so they are not nodes of the graph: an
  import of a package's name counts as an import of the module defining that name;
- **no private name across modules**: ``from x import _name`` or ``x._name`` of another module;
- **one home per name**: ``from x import name`` where ``x`` does not define ``name`` itself
  (a package ``__init__`` may declare a name in its ``__all__``; importing it from there is fine).

Run ``python tools/structure.py`` for the report, ``--dot`` for the import drawing (Graphviz).
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tabletop"


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    is_package: bool
    defined: set[str] = field(default_factory=set)
    # name -> (module, original name) for top-level ``from x import y`` statements
    imported: dict[str, tuple[str, str]] = field(default_factory=dict)
    public_api: set[str] = field(default_factory=set)


@functools.cache
def parse(path: Path) -> ast.Module:
    """The syntax tree of a file, read once: every rule walks the same trees."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements run at import time: the body, and the bodies of top-level if/try blocks."""
    for node in body:
        if isinstance(node, ast.If):
            if _is_type_checking(node.test):
                continue
            yield from _top_level(node.body)
            yield from _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level(node.body)
            for handler in node.handlers:
                yield from _top_level(handler.body)
            yield from _top_level(node.orelse)
            yield from _top_level(node.finalbody)
        else:
            yield node


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.stmt) -> Iterator[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            yield from _names_in(target)
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        yield from _names_in(node.target)
    elif sys.version_info >= (3, 12) and isinstance(node, ast.TypeAlias):
        yield from _names_in(node.name)


def _names_in(target: ast.expr) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _names_in(element)


def resolve_from(module: str, level: int, current: str, is_package: bool) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``current``."""
    if level == 0:
        return module
    base = current.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def load(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Module]:
    modules: dict[str, Module] = {}
    for path in sorted((root / package).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = parse(path)
        name = module_name(path, root)
        mod = Module(name, path, tree, path.name == "__init__.py")
        if mod.is_package:
            # A package's API may be declared for type checkers and loaded lazily: its names
            # still have their homes.
            for block in tree.body:
                if isinstance(block, ast.If) and _is_type_checking(block.test):
                    for node in block.body:
                        if isinstance(node, ast.ImportFrom):
                            source = resolve_from(node.module or "", node.level, name, True)
                            for alias in node.names:
                                mod.imported[alias.asname or alias.name] = (source, alias.name)
        for node in _top_level(tree.body):
            mod.defined.update(_targets(node))
            if isinstance(node, ast.ImportFrom):
                source = resolve_from(node.module or "", node.level, name, mod.is_package)
                for alias in node.names:
                    mod.imported[alias.asname or alias.name] = (source, alias.name)
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                value = node.value
                if isinstance(value, ast.List | ast.Tuple):
                    mod.public_api.update(
                        e.value
                        for e in value.elts
                        if isinstance(e, ast.Constant) and isinstance(e.value, str)
                    )
        modules[name] = mod
    return modules


def home(modules: dict[str, Module], module: str, name: str, seen: int = 0) -> str | None:
    """The module that defines ``module.name``, following re-exports; None when not ours."""
    mod = modules.get(module)
    if mod is None or seen > 50:
        return None
    if f"{module}.{name}" in modules:
        return f"{module}.{name}"  # a submodule
    if name in mod.defined:
        return module
    if name in mod.imported:
        source, original = mod.imported[name]
        found = home(modules, source, original, seen + 1)
        return found if found is not None else None
    return None


@dataclass(frozen=True)
class Use:
    """One ``from source import name`` (or ``import source``) in a file, resolved."""

    file: Path
    line: int
    source: str
    name: str | None
    defining: str | None
    lazy: bool
    type_only: bool


def uses(path: Path, current: str, is_package: bool, modules: dict[str, Module]) -> list[Use]:
    tree = parse(path)
    found: list[Use] = []
    top = {id(n) for n in _top_level(tree.body)}
    type_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            type_only.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        lazy = id(node) not in top
        only_types = id(node) in type_only
        if isinstance(node, ast.ImportFrom):
            source = resolve_from(node.module or "", node.level, current, is_package)
            if not source.startswith(PACKAGE):
                continue
            for alias in node.names:
                defining = home(modules, source, alias.name)
                found.append(Use(path, node.lineno, source, alias.name, defining, lazy, only_types))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE):
                    found.append(
                        Use(path, node.lineno, alias.name, None, alias.name, lazy, only_types)
                    )
    return found


def _node(modules: dict[str, Module], name: str | None) -> str | None:
    """The graph node of a module name: a package stands for nothing of its own."""
    if name is None or name not in modules:
        return None
    return None if modules[name].is_package else name


def graph(modules: dict[str, Module], include_lazy: bool = False) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {n: set() for n, m in modules.items() if not m.is_package}
    for name, mod in modules.items():
        if mod.is_package:
            continue
        for use in uses(mod.path, name, mod.is_package, modules):
            if use.type_only or (use.lazy and not include_lazy):
                continue
            target = _node(modules, use.defining)
            if target is not None and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(start: str) -> None:
        # Iterative Tarjan: deep import chains must not hit Python's recursion limit.
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return sorted(found)


def _file_module(path: Path, root: Path) -> tuple[str, bool]:
    try:
        return module_name(path, root), path.name == "__init__.py"
    except ValueError:
        return path.stem, False


def private_imports(modules: dict[str, Module], files: list[Path], root: Path = ROOT) -> list[str]:
    """``from x import _name`` of another module, in the package's files (not tests)."""
    problems = []
    for path in files:
        current, is_package = _file_module(path, root)
        for use in uses(path, current, is_package, modules):
            if use.name and use.name.startswith("_") and not use.name.startswith("__"):
                if use.defining != current:
                    where = path.relative_to(root)
                    problems.append(f"{where}:{use.line}: {use.name} from {use.source}")
    return problems


def misplaced_imports(
    modules: dict[str, Module], files: list[Path], root: Path = ROOT
) -> list[str]:
    """Names imported through a module that does not define them (nor declares them public)."""
    problems = []
    for path in files:
        current, is_package = _file_module(path, root)
        for use in uses(path, current, is_package, modules):
            if use.name is None or use.defining is None:
                continue
            if use.defining in (use.source, f"{use.source}.{use.name}"):
                continue
            source = modules.get(use.source)
            if source is not None and source.is_package and use.name in source.public_api:
                if not current.startswith(use.source + "."):
                    continue  # a package's declared API, used from outside the package
            where = path.relative_to(root)
            problems.append(f"{where}:{use.line}: {use.name} from {use.source} ({use.defining})")
    return problems


EXAMPLE_IMPORT = re.compile(r"^\s*(?:>>> |\.\.\. )from (tabletop[\w.]*) import ([\w, ]+)$")


def misplaced_example_imports(modules: dict[str, Module], files: list[Path]) -> list[str]:
    """The same rule for the examples of docstrings (``>>> from x import y``) and of the docs."""
    problems = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = EXAMPLE_IMPORT.match(line)
            if match is None:
                continue
            source = match[1]
            for part in match[2].split(","):
                name = part.split(" as ")[0].strip()
                if not name:
                    continue
                defining = home(modules, source, name)
                package = modules.get(source)
                public = package is not None and package.is_package and name in package.public_api
                if defining in (source, f"{source}.{name}") or public:
                    continue
                problems.append(f"{path.name}:{number}: {name} from {source} ({defining})")
    return problems


def python_files(root: Path = ROOT) -> list[Path]:
    found = []
    for folder in ("tabletop", "tests", "tools", "benchmarks"):
        found.extend(
            p for p in sorted((root / folder).rglob("*.py")) if "migrations" not in p.parts
        )
    return found


def main(argv: list[str]) -> int:
    modules = load()
    edges = graph(modules)
    if "--dot" in argv:
        print("digraph tabletop {")
        for source in sorted(edges):
            for target in sorted(edges[source]):
                print(f'  "{source}" -> "{target}";')
        print("}")
        return 0
    files = python_files()
    package_files = [p for p in files if p.is_relative_to(ROOT / PACKAGE)]
    report = {
        "cycles (import time)": [" <-> ".join(c) for c in cycles(edges)],
        "cycles (with imports inside functions)": [
            " <-> ".join(c) for c in cycles(graph(modules, include_lazy=True))
        ],
        "private names across modules": private_imports(modules, package_files),
        "names not imported from their home": misplaced_imports(modules, files),
        "examples importing a name from elsewhere": misplaced_example_imports(
            modules, files + sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
        ),
    }
    for title, lines in report.items():
        print(f"## {title}: {len(lines)}")
        for line in lines:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
