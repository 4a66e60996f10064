"""Load one of ``scripts/`` as a module, so a test can call the build script that made a shipped file."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str) -> Any:
    """``scripts/NAME.py`` run as a module named NAME (scripts are not a package); typed Any because each test
    calls the script's own functions."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
