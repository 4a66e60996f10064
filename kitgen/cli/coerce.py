"""Plain coercion of kitgen's option values, so a command's run does not import pydantic (issue 30).

Typer 0.29 coerces every parameter through a pydantic ``TypeAdapter`` built on first use; importing pydantic's
validators for it costs about a tenth of a second of CPU on every ``kitgen`` command, more than some commands take.
kitgen's declared options have only a few types (``int``, ``float``, ``str``, ``bool``, ``Path``, an ``Enum`` of
choices, optional or repeated), which a few lines coerce with the same results. A parameter of any other type
keeps Typer's own coercion. kitgen then checks every value against its declaration (ranges, choices), as before.
"""

from __future__ import annotations

import types
from enum import Enum
from pathlib import Path
from typing import Any, Union, get_args, get_origin

from typer._click.exceptions import BadParameter

PLAIN = (int, float, str, Path)


class PlainValue:
    """Coerces one parameter's command-line text into its declared type, as Typer's ``RuntimeParam`` does."""

    def __init__(self, kind: type, many: bool) -> None:
        self.kind = kind
        self.many = many

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if self.many:
            return [self.one(item, param, ctx) for item in value]
        return self.one(value, param, ctx)

    def one(self, value: Any, param: Any, ctx: Any) -> Any:
        kind = self.kind
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return value
        if issubclass(kind, Enum):
            return _choice(kind, value, param, ctx)
        if kind is bool:
            return _flag(value, param, ctx)
        maker: Any = kind
        try:
            return maker(value)
        except (TypeError, ValueError):
            name = {int: "an integer", float: "a number"}.get(kind, kind.__name__)
            raise BadParameter(f"{value!r} is not {name}.", ctx=ctx, param=param) from None


def _choice(kind: type[Enum], value: Any, param: Any, ctx: Any) -> Enum:
    text = str(value.value if isinstance(value, Enum) else value)
    for member in kind:
        if str(member.value).lower() == text.lower():
            return member
    listed = ", ".join(repr(str(m.value)) for m in kind)
    raise BadParameter(f"{text!r} is not one of {listed}.", ctx=ctx, param=param)


def _flag(value: Any, param: Any, ctx: Any) -> bool:
    text = str(value).strip().lower()
    if text in ("1", "true", "t", "yes", "y", "on"):
        return True
    if text in ("0", "false", "f", "no", "n", "off"):
        return False
    raise BadParameter(f"{value!r} is not a boolean.", ctx=ctx, param=param)


def plain_value(annotation: Any) -> PlainValue | None:
    """The plain coercion of a parameter typed ``annotation``; None for a type it does not know."""
    many = False
    if get_origin(annotation) in (Union, types.UnionType):
        kept = [a for a in get_args(annotation) if a is not type(None)]
        if len(kept) != 1:
            return None
        annotation = kept[0]
    if get_origin(annotation) is list:
        many, annotation = True, get_args(annotation)[0]
    if not isinstance(annotation, type):
        return None
    if annotation in PLAIN or annotation is bool or issubclass(annotation, Enum):
        return PlainValue(annotation, many)
    return None


def use_plain_coercion(params: Any) -> Any:
    """Give each of Typer's parameters of a plain type the plain coercion (the others keep Typer's)."""
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", False) is not None:
            continue  # not a Typer parameter of this Typer version, or its coercion is already built
        found = plain_value(descriptor.annotation)
        if found is not None:
            param._runtime_param = found
    return params
