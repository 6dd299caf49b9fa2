"""Dashboards: widgets, canvas drawing and controllers (the only layer importing ipywidgets).

Entry points (import them from their modules so that one dashboard does not load the others):
``tabletop.ui.africa_app.africa_app`` builds the Africa 1880 dashboard.
"""
