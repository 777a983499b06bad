from __future__ import annotations

from gate.cli import main

raise SystemExit(main())
