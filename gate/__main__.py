from __future__ import annotations

from receipt_gate.cli import main

raise SystemExit(main())
