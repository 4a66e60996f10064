"""The code keeps the shape CONTRIBUTING.md asks for: small functions, no module-level mutable state."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

MAX_LINES = 60
SOURCES = sorted((ROOT / "kitgen").rglob("*.py"))


def _functions(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.name, (node.end_lineno or node.lineno) - node.lineno + 1) for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_no_function_is_over_60_lines() -> None:
    long = [f"{path.relative_to(ROOT)}: {name} ({lines} lines)" for path in SOURCES
            for name, lines in _functions(path) if lines > MAX_LINES]
    assert not long, "split these into smaller functions:\n" + "\n".join(long)


def _mutable_globals(path: Path) -> list[str]:
    """Module-level names bound to a list, dict or set display that the module later mutates by name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound = {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
             for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(target, ast.Name)
             and isinstance(node.value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp))}
    mutated = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in bound \
                and node.func.attr in {"append", "extend", "update", "add", "pop", "clear", "setdefault", "remove",
                                       "insert", "discard", "popitem"}:
            mutated.add(node.func.value.id)
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                        and target.value.id in bound:
                    mutated.add(target.value.id)
    return sorted(mutated)


def test_no_module_level_mutable_state() -> None:
    found = [f"{path.relative_to(ROOT)}: {name}" for path in SOURCES for name in _mutable_globals(path)]
    assert not found, "module-level state that is mutated (hold it in an object instead):\n" + "\n".join(found)


def test_no_module_imports_one_that_imports_it_back() -> None:
    """No import cycle, not even one kept apart by an import inside a function (the Game of Words' drivers and
    declaration were one; the crossword game and its move generator another). Imports only for type checking are
    not run, so they do not count."""
    import grimp

    graph = grimp.build_graph("kitgen", exclude_type_checking_imports=True, cache_dir=None)
    cycles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                cycles.append(" -> ".join((module, *back)))
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


HOOKS = {"dispatch", "downgrade", "upgrade", "_help_stuff_finish"}
"""Names a framework calls (Starlette middleware, store migrations, multiprocessing's pool shutdown), not kitgen."""


def test_every_function_and_class_is_used_somewhere() -> None:
    """No dead code: every function, method and class defined in kitgen is named again somewhere (kitgen, its tests,
    benchmarks, scripts or templates). Only the name is looked for, so a name shared with a used one hides it."""
    import re
    from collections import Counter

    texts = [path.read_text(encoding="utf-8") for pattern in ("kitgen/**/*.py", "tests/**/*.py", "benchmarks/**/*.py",
                                                            "scripts/**/*.py", "templates/**/*.html",
                                                            "kitgen/**/*.html", "kitgen/**/*.js")
             for path in ROOT.glob(pattern) if path.is_file()]
    words = Counter(word for text in texts for word in re.findall(r"\w+", text))
    unused = [f"{path.relative_to(ROOT)}:{node.lineno}: {node.name}" for path in SOURCES
              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
              and not node.name.startswith("__") and node.name not in HOOKS and words[node.name] <= 1]
    assert not unused, "defined and never used (remove them):\n" + "\n".join(unused)


def test_no_caught_exception_is_patched_with_where_it_happened() -> None:
    """A rule refusal carries its location from where it is raised (``RuleBroken``): no handler sets an attribute
    on the exception it caught (``exc.where = ...``, ``exc.index = index``) before raising it on."""
    patched = []
    for path in SOURCES:
        for handler in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(handler, ast.ExceptHandler) or handler.name is None:
                continue
            for node in ast.walk(handler):
                if not isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                    continue
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                patched += [f"{path.relative_to(ROOT)}:{node.lineno}: {handler.name}.{t.attr}" for t in targets
                            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                            and t.value.id == handler.name]
    assert not patched, "set where the exception is raised instead:\n" + "\n".join(patched)
