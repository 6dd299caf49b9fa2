"""Dashboards: widgets, canvas drawing and controllers (the only layer importing ipywidgets).

One subpackage per page family, mirroring ``tabletop.games``, plus the shell they share:

- ``tabletop.ui.shell``: page frame, language switch, teacher-view toggle, timer, HTML helpers;
- ``tabletop.ui.africa1880``: ``africa_app()`` builds the Africa 1880 dashboard;
- ``tabletop.ui.massai``: ``massai_app()`` builds the Massai page;
- ``tabletop.ui.analysis``: the teacher-view panels and the game-theory lesson.

Import a page from its subpackage, so that one dashboard does not load the others.
"""
