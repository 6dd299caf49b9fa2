"""JSON Schemas shipped in the package, validated with ``jsonschema``: every problem of a file
listed at once, each naming where it is and quoting the bad value.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tabletop.fileio.messages import MAX_QUOTE_CHARS, bounded_message, printable_line, quote

#: At most this many problems are listed in one error (the rest are counted).
MAX_PROBLEMS = 40

Path_ = tuple[str | int, ...]


def load_schema(path: Path) -> dict[str, Any]:
    """A JSON Schema shipped in the package (read once per caller; the files are small)."""
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


#: The optional packages jsonschema imports for its format checkers. Our schemas use no
#: ``format`` and our validators check none, so these are never needed.
_FORMAT_PACKAGES = (
    "rfc3987_syntax",
    "rfc3987",
    "rfc3986_validator",
    "rfc3339_validator",
    "fqdn",
    "idna",
    "webcolors",
    "jsonpointer",
    "uri_template",
    "isoduration",
)


def _import_jsonschema() -> None:
    """Import jsonschema without its optional format checkers.

    When ``rfc3987_syntax`` is installed (Jupyter's event schemas pull it in), importing
    jsonschema builds 39 parsers for it: 1 to 5 s, paid by every page's first load; the other
    checkers' packages (isoduration brings arrow) cost every page's kernel about a megabyte.
    They are hidden for the moment of the import only.
    """
    if "jsonschema" in sys.modules:
        return
    hidden = [name for name in _FORMAT_PACKAGES if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # makes the import fail
    try:
        import jsonschema  # noqa: F401
    finally:
        for name in hidden:
            del sys.modules[name]


def schema_validator(schema: dict[str, Any], *others: dict[str, Any]) -> Any:
    """A draft 2020-12 validator for ``schema`` (``others``: the schemas its ``$ref`` names, by
    their ``$id``) in which a whole number is never a float or a boolean (JSON Schema counts
    ``2.0`` as an integer; the games do not)."""
    _import_jsonschema()
    from jsonschema import Draft202012Validator, validators
    from referencing import Registry, Resource

    def is_integer(checker: Any, instance: Any) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    cls = validators.extend(Draft202012Validator, type_checker=checker)
    registry: Registry = Registry()
    for other in (schema, *others):
        Draft202012Validator.check_schema(other)
        registry = registry.with_resource(other["$id"], Resource.from_contents(other))
    return cls(schema, registry=registry)


def kind_of(value: Any) -> str:
    """What a JSON value is, in words: ``kind_of([]) == "a list"``."""
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def _expected(schema: dict[str, Any]) -> str:
    if "x-expected" in schema:
        return str(schema["x-expected"])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)
    return _TYPE_WORDS.get(str(kinds), str(kinds))


def schema_problems(
    validator: Any,
    data: Any,
    describe: Any,
    skip: Any = None,
) -> list[str]:
    """Every way ``data`` breaks the schema, as one-line sentences for people.

    ``describe(path) -> (prefix, subject)`` names the value at a path ("Egypt: ", '"spaces"');
    ``skip(path, keyword)`` drops errors checked elsewhere. A schema may word a refusal
    itself with ``"x-messages": {keyword: template}`` (fields ``{prefix}``, ``{subject}``,
    ``{value}``: the bad value, quoted and cut, ``{kind}``: what it is, ``{count}``: its
    length) and name what is expected with ``"x-expected"``; ``"x-missing"`` on a property is
    added after "missing".
    Only the first error at a path is kept when its type is wrong (the rest follow from it).
    """
    problems: list[str] = []
    wrong_type: set[Path_] = set()
    errors = sorted(
        validator.iter_errors(data),
        key=lambda e: (e.validator != "type", len(e.absolute_path)),
    )
    for error in errors:
        path: Path_ = tuple(error.absolute_path)
        if skip is not None and skip(path, error.validator):
            continue
        if any(path[: len(bad)] == bad for bad in wrong_type):
            continue
        in_names = "propertyNames" in error.relative_schema_path
        problems.extend(_sentences(error, path, describe, in_names))
        if error.validator == "type" and not in_names:
            wrong_type.add(path)
    return problems


def _sentences(error: Any, path: Path_, describe: Any, in_names: bool) -> list[str]:
    """The sentences for one error of ``jsonschema`` (several for missing or unknown keys)."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "required":
        return _missing_keys(error, schema, path, describe)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return _unknown_keys(error.instance, schema, path, describe)
    if in_names:
        return [_bad_key(error, schema, path, describe)]
    return [_bad_value(error, schema, path, describe)]


def _missing_keys(error: Any, schema: dict[str, Any], path: Path_, describe: Any) -> list[str]:
    instance = error.instance
    out = []
    for key in error.validator_value:
        if isinstance(instance, dict) and key not in instance:
            prefix, subject = describe((*path, key))
            sub = schema.get("properties", {}).get(key, {})
            hint = sub.get("x-missing", "") if isinstance(sub, dict) else ""
            out.append(f"{prefix}missing {subject}{hint}")
    return out


def _unknown_keys(
    instance: dict[str, Any], schema: dict[str, Any], path: Path_, describe: Any
) -> list[str]:
    known = sorted(schema.get("properties", {}))
    allowed = ", ".join(f'"{k}"' for k in known)
    out = []
    for key in instance:
        if key not in known:
            prefix, _ = describe((*path, key))
            out.append(
                f"{prefix}unknown key {quote(key)}" + (f" (allowed: {allowed})" if known else "")
            )
    return out


def _bad_key(error: Any, schema: dict[str, Any], path: Path_, describe: Any) -> str:
    """An error on a key: the key itself is the bad value."""
    import difflib

    instance = error.instance
    prefix, subject = describe(path)
    hint = ""
    if error.validator == "enum" and isinstance(instance, str):
        close = difflib.get_close_matches(
            instance[:100], [str(v) for v in error.validator_value], n=1
        )
        hint = f' (did you mean "{close[0]}"?)' if close else ""
    template = schema.get("x-messages", {}).get(
        error.validator, "{prefix}{subject}: unknown key {value}"
    )
    sentence: str = template.format(
        prefix=prefix, subject=subject, value=quote(instance), kind="text", count=""
    )
    return sentence + hint


def _bad_value(error: Any, schema: dict[str, Any], path: Path_, describe: Any) -> str:
    keyword, instance = error.validator, error.instance
    prefix, subject = describe(path)
    count = len(instance) if isinstance(instance, (list, dict, str)) else ""
    messages = schema.get("x-messages", {})
    if keyword in messages:
        fields = {
            "prefix": prefix,
            "subject": subject,
            "value": quote(instance),
            "kind": kind_of(instance),
            "count": count,
        }
        return str(messages[keyword].format(**fields))
    if keyword == "type":
        return f"{prefix}{subject} must be {_expected(schema)}, not {kind_of(instance)}"
    if keyword in ("const", "enum"):
        wanted = (
            quote(error.validator_value)
            if keyword == "const"
            else ", ".join(quote(v) for v in error.validator_value)
        )
        return f"{prefix}{subject} is {quote(instance)}, not {wanted}"
    if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        return f"{prefix}{subject} must be {bounds}, not {quote(instance)}"
    if keyword in ("minLength", "pattern"):
        return f"{prefix}{subject} is empty or blank"
    if keyword in ("maxLength", "maxItems", "maxProperties"):
        return f"{prefix}{subject} is too long ({count})"
    if keyword == "minItems":
        return f"{prefix}{subject} needs at least {error.validator_value} items"
    if keyword == "uniqueItems":
        return f"{prefix}{subject} lists a value twice"
    return f"{prefix}{subject}: {printable_line(error.message)[: MAX_QUOTE_CHARS * 2]}"


def capped(problems: list[str]) -> list[str]:
    """At most :data:`MAX_PROBLEMS` problems, each one bounded line; the rest counted."""
    lines = [bounded_message(p, 200) for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        lines.append(f"and {len(problems) - MAX_PROBLEMS} more problems")
    return lines
