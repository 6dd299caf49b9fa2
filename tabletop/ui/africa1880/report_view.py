"""The round's report as HTML: what to remove, place, pin, which colonies, void orders."""

from __future__ import annotations

from tabletop.games.africa1880.report import Report
from tabletop.ui.africa1880.html import power_html
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc, html_table


def report_html(report: Report | None, lang: str) -> str:
    """The round's table instructions, grouped: remove, place, pins, colonies, void orders."""
    if report is None:
        return f"<p>{esc(t('no_report', lang))}</p>"
    parts = [f"<h2>{esc(t('report_title', lang, year=report.year))}</h2>"]
    nothing = f"<p><i>{esc(t('nothing', lang))}</i></p>"

    parts.append(f"<h3>✕ {esc(t('remove', lang))} ({len(report.removals)})</h3>")
    if report.removals:
        rows = [
            [
                power_html(r.power, lang),
                esc(r.territory),
                esc(r.reason_fr if lang == "fr" else r.reason),
            ]
            for r in report.removals
        ]
        parts.append(
            html_table(
                [t("col_power", lang), t("col_territory", lang), t("col_reason", lang)],
                rows,
                "tt-remove-row",
            )
        )
    else:
        parts.append(nothing)

    parts.append(f"<h3>✚ {esc(t('place', lang))} ({len(report.new_presences)})</h3>")
    if report.new_presences:
        rows = []
        for n in report.new_presences:
            how = t("by_explore_short", lang) if n.by == "explore" else t("by_landing", lang)
            rows.append([power_html(n.power, lang), esc(n.territory), esc(how)])
        parts.append(
            html_table(
                [t("col_power", lang), t("col_territory", lang), t("col_by", lang)],
                rows,
                "tt-place-row",
            )
        )
    else:
        parts.append(nothing)

    parts.append(f"<h3>▪ {esc(t('pins', lang))} ({len(report.development)})</h3>")
    if report.development:
        rows = [
            [esc(d.territory), f"+{d.added}", f"{d.total} / {d.spaces}"] for d in report.development
        ]
        parts.append(
            html_table([t("col_territory", lang), t("col_added", lang), t("col_total", lang)], rows)
        )
    else:
        parts.append(nothing)

    parts.append(f"<h3>★ {esc(t('colonies_founded', lang))} ({len(report.colonies)})</h3>")
    if report.colonies:
        rows = [
            [esc(c.territory), ", ".join(power_html(p, lang) for p in c.powers)]
            for c in report.colonies
        ]
        parts.append(html_table([t("col_territory", lang), t("col_powers", lang)], rows))
    else:
        parts.append(nothing)

    parts.append(f"<h3>⚠ {esc(t('void_orders', lang))} ({len(report.void_orders)})</h3>")
    if report.void_orders:
        rows = [
            [
                power_html(v.power, lang) if v.power else "?",
                f"<code>{esc(v.order_text)}</code>",
                esc(v.text(lang)),
            ]
            for v in report.void_orders
        ]
        parts.append(
            html_table([t("col_power", lang), t("col_order", lang), t("col_reason", lang)], rows)
        )
    else:
        parts.append(nothing)
    return '<div class="tt-report">' + "".join(parts) + "</div>"
