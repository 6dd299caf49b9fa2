"""The results of the closed rounds on the teacher's screen: the plots of the class's choices
beside the prediction, the theory panel (the fitted QRE and the class beside fictitious play,
:mod:`~tabletop.ui.classroom.teacher_theory`), the counts as numbers, the average payoffs and
the CSV exports (every choice, and the QRE fit)."""

from __future__ import annotations

import base64
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.classroom.common import action_label, mix_words, shares_plot
from tabletop.ui.classroom.labels import how_words
from tabletop.ui.classroom.teacher_part import TeacherPart
from tabletop.ui.classroom.teacher_theory import theory_html
from tabletop.ui.shell.html import esc


class TeacherResults(TeacherPart):
    """Drawing every closed round's results."""

    def _results(self, view: dict[str, Any]) -> None:
        _ = self.t.gettext
        shares = view["shares"]
        if not shares:
            self.results.children = ()
            self.export.value = ""
            return
        prediction = view["prediction"]
        parts: list[widgets.Widget] = []
        roles = list(prediction["mix"])
        symmetric = (
            len(roles) > 1
            and all(prediction["mix"][r] == prediction["mix"][roles[0]] for r in roles)
            and not view["preset"].startswith("massai")
        )
        plotted = roles[:1] if symmetric else roles
        for role in plotted:
            by_round = {
                int(n): (view["shares_all"][n] if symmetric else s[role]) for n, s in shares.items()
            }
            actions = list(next(iter(by_round.values())).keys())
            title = (
                _("What the class chose") if symmetric else _("What the {role}s chose", role=role)
            )
            parts.append(
                widgets.HTML(shares_plot(title, actions, by_round, prediction["mix"][role], self.t))
            )
            parts.append(
                widgets.HTML(
                    "<p class='tt-big tt-prediction'>"
                    + esc(_("Theory"))
                    + f" ({esc(how_words(prediction['how'], self.lang))}): "
                    + f"{esc(mix_words(prediction['mix'][role], self.t))}</p>"
                )
            )
        if prediction["pure_equilibria"] and not view["preset"].startswith("massai"):
            listed = "; ".join(" / ".join(p) for p in prediction["pure_equilibria"][:6])
            label = _("Pure equilibria:")
            parts.append(widgets.HTML(f"<p>{esc(label)} {esc(listed)}</p>"))
        # Made again only when the closed rounds' counts change (kept per counts and language).
        theory = widgets.HTML(theory_html(view["preset"], view["counts"], self.lang))
        theory.add_class("tt-theory-panel")
        parts.append(theory)
        averages = ", ".join(
            f"{n}: {v:.2f}" for n, v in sorted(view["average_payoff"].items()) if v is not None
        )
        parts.append(widgets.HTML(self._counts_table(view)))
        label = _("Average payoff by round:")
        parts.append(widgets.HTML(f"<p>{esc(label)} {esc(averages)}</p>"))
        self.results.children = tuple(parts)
        self._export()

    def _counts_table(self, view: dict[str, Any]) -> str:
        """The plotted choices as numbers too (a projector far away, a screen reader)."""
        _ = self.t.gettext
        rows = []
        for number, by_role in sorted(view["counts"].items()):
            for role, counts in sorted(by_role.items()):
                cells = ", ".join(
                    f"{action_label(a, self.t)} {n}" for a, n in sorted(counts.items())
                )
                rows.append(
                    f"<tr class='tt-count-row'><td>{number}</td><td>{esc(role)}</td>"
                    f"<td>{esc(cells)}</td></tr>"
                )
        head = "".join(f"<th>{esc(h)}</th>" for h in (_("Round"), _("Side"), _("Choices")))
        return f"<table class='tt-counts-table'><tr>{head}</tr>{''.join(rows)}</table>"

    def _export(self) -> None:
        assert self.classes is not None and self.class_id is not None and self.host_token
        text = self.classes.export_csv(self.class_id, self.host_token)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"class-{self.class_id}.csv"
        links = (
            f'<a class="tt-export" download="{name}" href="data:text/csv;base64,{data}">'
            + esc(self.t.gettext("Download every choice (CSV)"))
            + "</a>"
        )
        try:
            qre = self.classes.export_csv(self.class_id, self.host_token, table="qre")
        except (ArithmeticError, ValueError):
            qre = ""  # the theory panel says the fit failed; the choices are still offered
        if qre:
            qre_data = base64.b64encode(qre.encode("utf-8")).decode("ascii")
            links += (
                f' · <a class="tt-export-qre" download="class-{self.class_id}-qre.csv" '
                f'href="data:text/csv;base64,{qre_data}">'
                + esc(self.t.gettext("Download the QRE fit (CSV)"))
                + "</a>"
            )
        self.export.value = links
