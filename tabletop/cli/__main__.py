import sys

from tabletop.cli.dispatch import main

sys.exit(main())
