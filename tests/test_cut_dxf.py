"""Issue 32, "DXF beside SVG for laser cutters": ``--cut-dxf`` writes a DXF a page, read back with ezdxf: units mm,
the SVG's layers, each of the SVG's paths one polyline (closed where the SVG's is), the same bytes every run."""

from __future__ import annotations

from pathlib import Path

import ezdxf
import pytest
from ezdxf.entities import LWPolyline
from test_cut_svg import all_segments, svg_layers

from kitgen.io.pdf import MM


def dxf_layers(path: Path) -> tuple[int, dict[str, list[list[tuple[float, float]]]]]:
    """The DXF's units and each layer's polylines as points in PDF points (y up, as the DXF has it)."""
    doc = ezdxf.readfile(path)
    assert not doc.audit().has_errors
    layers: dict[str, list[list[tuple[float, float]]]] = {}
    for line in doc.modelspace().query("LWPOLYLINE"):
        assert isinstance(line, LWPolyline)
        points = [(float(x) * MM, float(y) * MM) for x, y in line.vertices()]
        if line.closed:
            points.append(points[0])
        layers.setdefault(line.dxf.layer, []).append(points)
    return doc.units, layers


@pytest.mark.parametrize("command", [["deck"], ["deck", "--bleed", "3", "--registration"],
                                     ["bricks", "--players", "2"]])
def test_each_dxf_is_its_svg_in_millimetres_on_the_same_layers(invoke, tmp_path: Path, command) -> None:
    r = invoke(*command, "--cut-svg", "--cut-dxf", "--out", tmp_path / "x.pdf")
    assert r.exit_code == 0, r.output
    svgs = sorted(tmp_path.glob("x-cut-p*.svg"))
    assert svgs and [p.with_suffix(".dxf") for p in svgs] == sorted(tmp_path.glob("x-cut-p*.dxf"))
    for svg in svgs:
        _, svg_paths, _ = svg_layers(svg)
        units, dxf_paths = dxf_layers(svg.with_suffix(".dxf"))
        assert units == 4  # millimetres
        assert set(dxf_paths) == {name for name, paths in svg_paths.items() if paths}
        for name, paths in svg_paths.items():
            assert len(dxf_paths.get(name, [])) == len(paths), name
            assert all_segments(dxf_paths.get(name, [])) == all_segments(paths), name
            closed = sorted(p[0] == p[-1] for p in paths)
            assert sorted(p[0] == p[-1] for p in dxf_paths.get(name, [])) == closed, name


def test_a_dxf_is_the_same_bytes_every_run_and_replaces_only_its_own(invoke, tmp_path: Path) -> None:
    """Dates and IDs are fixed (a DXF names when it was written unless told not to); a second run replaces the
    DXF it wrote (its header's custom property names kitgen) but not a stranger's file of that name."""
    assert invoke("deck", "--cut-dxf", "--out", tmp_path / "a.pdf").exit_code == 0
    first = (tmp_path / "a-cut-p1.dxf").read_bytes()
    assert invoke("deck", "--cut-dxf", "--out", tmp_path / "a.pdf").exit_code == 0
    assert (tmp_path / "a-cut-p1.dxf").read_bytes() == first
    (tmp_path / "a-cut-p2.dxf").write_bytes(first.replace(b"\nkitgen ", b"\nsomeone "))
    r = invoke("deck", "--cut-dxf", "--out", tmp_path / "a.pdf")
    assert r.exit_code != 0 and "a-cut-p2.dxf" in r.output


def test_a_dxf_is_the_same_bytes_in_processes_that_hash_strings_differently() -> None:
    """ezdxf wrote its CLASSES in the order of a set of entity names, so two runs of kitgen (each its own string
    hashing) could write different bytes for the same page (PYTHONHASHSEED 4 swapped LAYOUT and ACDBPLACEHOLDER)."""
    import os
    import subprocess
    import sys

    code = ("import sys; from kitgen.io.cutfile import CutSheet, dxf_bytes, rectangle; "
            "sys.stdout.buffer.write(dxf_bytes(CutSheet((100.0, 100.0), (rectangle(1, 1, 10, 10),)), 'kitgen x'))")
    made = {subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(8)}
    assert len(made) == 1


@pytest.mark.parametrize("command", [["deck"], ["bricks", "--players", "2"]])
def test_without_the_cut_extra_a_dxf_is_refused_before_anything_is_written(invoke, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch,
                                                                           command) -> None:
    monkeypatch.setitem(__import__("sys").modules, "ezdxf", None)  # as if ezdxf were not installed
    r = invoke(*command, "--cut-svg", "--cut-dxf", "--out", tmp_path / "x.pdf")
    assert r.exit_code != 0 and "pip install 'kitgen[cut]'" in r.output and "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("lang, said", [
    ("de", "--cut-dxf braucht ezdxf, das nicht installiert ist: pip install 'kitgen[cut]'"),
    ("ru", "для --cut-dxf нужен ezdxf, но он не установлен: pip install 'kitgen[cut]'"),
    ("en", "--cut-dxf needs ezdxf, which is not installed: pip install 'kitgen[cut]'"),
])
def test_without_ezdxf_the_refusal_speaks_the_text_language(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                             said: str) -> None:
    """Issue 28: ``DXF_NEEDS`` was English whatever the language; the install line stays as typed."""
    import sys

    from kitgen.core.errors import InputError
    from kitgen.core.i18n import speaking
    from kitgen.io.cutfile import check_dxf

    monkeypatch.setitem(sys.modules, "ezdxf", None)
    with speaking(lang), pytest.raises(InputError) as refused:
        check_dxf()
    assert str(refused.value) == said
