"""``python -m tabletop.server NOTEBOOKS [Voilà options]``: the server ``tabletop serve`` runs."""

from tabletop.server.app import main

main()
