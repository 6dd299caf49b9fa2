"""axe-core in the browser tests: the checker is injected into a page and run on it.

``axe.min.js`` comes from the npm registry's ``axe-core`` package, kept in ``vendor/`` with its
licence (see ``vendor/README.md``: the CI machine has no npm). Tests import this module as
``axe`` (pytest puts this folder on ``sys.path``).

``serious_violations(page[, within])`` runs every rule axe-core has for WCAG 2.0/2.1 A and AA
(and its best practices), on the page or the elements ``within`` selects, and returns the
violations whose impact is serious or critical, each with the elements it found (``describe``
turns them into lines for an assertion message).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

VENDOR = Path(__file__).resolve().parent / "vendor"
AXE_FILE = VENDOR / "axe.min.js"
#: The file as published (axe-core 4.14.1); a changed file is refused, not run.
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
IMPACTS = ("serious", "critical")

_RUN = """async ([impacts, within]) => {
  const result = await axe.run(within === null ? document : within, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200),
        summary: n.failureSummary })),
    }));
}"""


def axe_source() -> str:
    """The checker's script, once its bytes are those published."""
    data = AXE_FILE.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != AXE_SHA256:
        raise RuntimeError(f"{AXE_FILE} is not axe-core 4.14.1 as published (sha256 {digest})")
    return data.decode("utf-8")


def serious_violations(page: Any, within: str | None = None) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on ``page`` as it is now (only in the
    elements ``within`` selects, when given)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    found: list[dict[str, Any]] = page.evaluate(_RUN, [list(IMPACTS), within])
    return found


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violation and element: rule id, impact, the element."""
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            lines.append(
                f"{violation['id']} ({violation['impact']}): {node['target']}  {node['html']}"
            )
    return "\n".join(lines)
