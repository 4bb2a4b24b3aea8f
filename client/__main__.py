"""``python -m client`` runs the ``tapete`` command."""

import sys

from client.cli import main

sys.exit(main())
