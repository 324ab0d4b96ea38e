"""The OpenAPI document says what the server checks (issue 31): a request valid by the document
is accepted, so schemathesis's positive_data_acceptance holds.

Two things pydantic does not write by itself:
- `Needed()`: a field the server requires but checks in its own words ("Name is required", spec 1
  section 5: whitespace-only counts as empty). The document lists it under `required`, as text
  with a non-space character (`text=True`) or as an e-mail (`email=True`), while the server keeps
  its message. `finish()` moves the marker into the object's `required` list.
- Decimals written as strings: pydantic declares any string; here the string must be a decimal
  within the field's max_digits/decimal_places (pydantic's own pattern builder).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi._compat import v2 as _fastapi_schema
from pydantic import Field

_MARK = "x-flow-required"
# Whitespace as the server's str.strip() and Python's \s read it. A pattern's own \s is
# ECMA-262's, which lacks \x1c-\x1f and \x85 and adds \ufeff: '\x1ca@b.co' matched the
# document's e-mail and was refused by the server (issue 31), so patterns spell the class out.
_WS = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
SPACE = f"[{_WS}]"
NOT_SPACE = f"[^{_WS}]"
# Spec 1 section 5's e-mail shape (api.kit.fields.EMAIL_SHAPE), surrounding spaces allowed: the
# server strips them.
EMAIL_PATTERN = rf"^{SPACE}*[^{_WS}@]+@[^{_WS}@]+\.[^{_WS}@]+{SPACE}*$"
NON_BLANK = NOT_SPACE
# For Field(json_schema_extra=...): an optional e-mail or text field, declared as the server reads it.
EMAIL = {"pattern": EMAIL_PATTERN, "maxLength": 320}
TEXT = {"minLength": 1, "pattern": NON_BLANK}
EMAIL_OR_BLANK = {"pattern": rf"^{SPACE}*$|{EMAIL_PATTERN}", "maxLength": 320}
_ADDRESS = rf"[^{_WS}@,;]+@[^{_WS}@,;]+\.[^{_WS}@,;]+"
# 'a@x.com, b@y.org': one to twenty addresses, comma-separated (api.email_alerts.schemas.clean_recipients).
RECIPIENTS = {"pattern": rf"^{SPACE}*{_ADDRESS}{SPACE}*(,{SPACE}*{_ADDRESS}{SPACE}*){{0,19}}$"}
UUID_PATTERN = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"


def UUID_HEADER(schema: dict) -> None:
    """An Idempotency-Key header: a UUID as the server reads it (hyphenated, any case). A header is
    text or absent, never null: `str | None`'s null branch let schemathesis send one, which the
    server read as the text 'null' and refused (issue 31)."""
    _drop_null(schema)
    schema.update(type="string", format="uuid", pattern=UUID_PATTERN)
# HH:MM, 24-hour, surrounding spaces allowed.
HH_MM = {"pattern": rf"^{SPACE}*([01][0-9]|2[0-3]):[0-5][0-9]{SPACE}*$"}


def Needed(*, text: bool = False, email: bool = False, nonempty: bool = False, declared: dict | None = None,
           also: Callable[[dict], None] | None = None, **field: Any) -> Any:
    """A required field whose absence the server reports in its own words (`name: str | None =
    Needed(text=True, max_length=200)`). The document lists it as required and not null;
    `declared` are JSON Schema keywords for the document only (the server checks them itself);
    `also` edits the field's schema further (`ABOVE_ZERO`); `field` goes to pydantic's Field."""
    extra: dict[str, Any] = dict(declared or {})
    if nonempty:
        extra.update(minLength=1)
    if text:
        extra.update(minLength=1, pattern=NON_BLANK)
    if email:
        extra.update(pattern=EMAIL_PATTERN, maxLength=320)

    def declare(schema: dict) -> None:
        schema.pop("default", None)
        _drop_null(schema)
        schema.update(extra)
        if also is not None:
            also(schema)
        schema[_MARK] = True

    return Field(field.pop("default", None), json_schema_extra=declare, **field)


def _drop_null(schema: dict) -> None:
    """`str | None` declared as `str`: the server treats a null as missing."""
    branches = schema.get("anyOf")
    if isinstance(branches, list) and {"type": "null"} in branches:
        kept = [b for b in branches if b != {"type": "null"}]
        if len(kept) == 1:
            del schema["anyOf"]
            schema.update(kept[0])
        else:
            schema["anyOf"] = kept


def FORM_FIELD(schema: dict) -> None:
    """An optional multipart form field: text or absent, never null. `X | None`'s null branch let a
    client send one, which arrives as the text 'null' and is refused (issue 31): left out is how a
    form says "none"."""
    _drop_null(schema)


def decimal_floor(*, above: bool = False, most: int | None = None) -> Callable[[dict], None]:
    """json_schema_extra for a decimal the server checks is >= 0 (or > 0), and at most `most`, in
    its own words: the document's number and decimal-string branches say so (a string's whole
    part is held to fewer digits than `most`, which a pattern can say)."""

    def declare(schema: dict) -> None:
        for branch in schema.get("anyOf", [schema]):
            if branch.get("type") == "number":
                branch.pop("minimum", None)
                branch.pop("exclusiveMinimum", None)
                branch["exclusiveMinimum" if above else "minimum"] = 0
                if most is not None:
                    branch["maximum"] = most
            elif branch.get("type") == "string" and str(branch.get("pattern", "")).startswith("^"):
                pattern = branch["pattern"].replace("-?", "", 1)
                if above and not pattern.startswith("^(?![0.]*$)"):
                    pattern = "^(?![0.]*$)" + pattern[1:]
                if most is not None:
                    # Below `most`, or it exactly with a zero fraction: '150000' is a weight the
                    # server takes, '200000.1' one it refuses.
                    pattern = re.sub(r"\[0-9\](\+|\{1,\d+\})", f"(?:{_below(most)})", pattern, count=1)
                    pattern += f"|^{most}(?:\\.0+)?$"
                branch["pattern"] = pattern

    return declare


AT_LEAST_ZERO = decimal_floor()
ABOVE_ZERO = decimal_floor(above=True)


def one_of_codes(codes, *, blank: bool = False) -> dict:
    """json_schema_extra for text the server reads as one of `codes`, any case, spaces around
    (a pattern, not an enum: the web's type stays a string)."""
    either = "|".join("".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in code)
                      for code in sorted(codes))
    return {"pattern": rf"^{SPACE}*({either}){'?' if blank else ''}{SPACE}*$"}


def body_rule(rule: dict) -> dict:
    """openapi_extra for a route whose JSON body obeys `rule` (an anyOf of shapes, say) on top of
    its model; kept off the model so the web's generated type stays one plain object."""
    return {"requestBody": {"content": {"application/json": {"schema": rule}}}}


def upload(field: str, *media_types: str) -> dict:
    """openapi_extra for a multipart route whose `field` part is a file of one of `media_types`:
    the part's encoding says so (OpenAPI 3.1 section 4.8.15), so a client knows what to send. The
    server still checks the bytes themselves (a part labelled image/png that is no PNG is a 422)."""
    return {"requestBody": {"content": {"multipart/form-data": {
        "encoding": {field: {"contentType": ", ".join(media_types)}}}}}}


PHOTO = ("image/jpeg", "image/png", "image/webp")


def _ref_with_rules(document: dict) -> None:
    """A request body `{"$ref": ..., "anyOf": ...}` (body_rule merged beside the model's $ref) as
    `allOf: [$ref]` plus the rule, which every reader takes the same way."""
    for item in document.get("paths", {}).values():
        for operation in item.values():
            content = operation.get("requestBody", {}).get("content", {}) if isinstance(operation, dict) else {}
            for media in content.values():
                schema = media.get("schema", {})
                if "$ref" in schema and len(schema) > 1:
                    media["schema"] = {"allOf": [{"$ref": schema.pop("$ref")}], **schema}


def _hoist(node: Any) -> None:
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            for name, prop in props.items():
                if isinstance(prop, dict) and prop.pop(_MARK, False):
                    required = node.setdefault("required", [])
                    if name not in required:
                        required.append(name)
        for value in node.values():
            _hoist(value)
    elif isinstance(node, list):
        for value in node:
            _hoist(value)


def _exact_bounds(node: Any) -> None:
    """Integer bounds put back as written: FastAPI's OpenAPI model holds `maximum` as a float, so
    MAX_OFFSET (2**63 - 1) came out as 9.223372036854776e18, one above what the server takes, and
    a body's offset at that bound was valid by the document and refused (issue 31)."""
    if isinstance(node, dict):
        for key, value in (node.pop(_INT_BOUNDS, None) or {}).items():
            node[key] = value
        for value in node.values():
            _exact_bounds(value)
    elif isinstance(node, list):
        for value in node:
            _exact_bounds(value)


def finish(document: dict) -> dict:
    """The document as served: every `Needed()` field listed as required, integer bounds exact."""
    _hoist(document)
    _exact_bounds(document)
    _ref_with_rules(document)
    return document


def _decimal_pattern(self, schema) -> str:  # a method of FastAPI's GenerateJsonSchema
    """A decimal as the server reads it from a string: digits within max_digits/decimal_places,
    no sign when it may not be negative, not zero when it must be above zero. (The server also
    reads exponents, '1E+3'; the document does not offer them.)"""
    places, digits = schema.get("decimal_places"), schema.get("max_digits")
    whole = "[0-9]+" if digits is None else f"[0-9]{{1,{max(digits - (places or 0), 1)}}}"
    fraction = "" if places == 0 else "(?:\\.[0-9]+)?" if places is None else f"(?:\\.[0-9]{{1,{places}}})?"
    floor = next((float(schema[k]) for k in ("ge", "gt") if schema.get(k) is not None), None)
    sign = "" if floor is not None and floor >= 0 else "-?"
    above_zero = "(?![0.]*$)" if schema.get("gt") is not None and float(schema["gt"]) >= 0 else ""
    top = next((schema[k] for k in ("le", "lt") if schema.get(k) is not None), None)
    if sign == "" and top is not None and top == int(top) and top > 0:
        # At most `le` (below `lt`), a whole number: the whole part below it, or it exactly with
        # a zero fraction ('200001' was valid by the document, issue 31).
        exactly = f"|^{int(top)}(?:\\.0+)?$" if schema.get("le") is not None else ""
        return f"^{above_zero}(?:{_below(int(top))}){fraction}${exactly}"
    return f"^{above_zero}{sign}{whole}{fraction}$"


def _below(n: int) -> str:
    """A regex for the whole numbers 0 <= x < n, written in decimal (leading zeros allowed)."""
    digits = str(n)
    shapes = [f"0*[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    for i, d in enumerate(digits):
        low = 1 if i == 0 and len(digits) > 1 else 0
        if int(d) > low:
            rest = len(digits) - i - 1
            shapes.append(f"0*{digits[:i]}[{low}-{int(d) - 1}]" + (f"[0-9]{{{rest}}}" if rest else ""))
    return "|".join(shapes)


# pydantic's documented hook (GenerateJsonSchema.get_decimal_pattern); FastAPI generates with its
# own subclass, so the hook is set there.
_fastapi_schema.GenerateJsonSchema.get_decimal_pattern = _decimal_pattern


_decimal_schema = _fastapi_schema.GenerateJsonSchema.decimal_schema


def _decimal_number(self, schema) -> dict:  # a method of FastAPI's GenerateJsonSchema
    """A decimal given as a JSON number, as the server reads it: a multiple of its smallest place
    (decimal_places) and below 10^(max_digits - decimal_places), so 0.3333 or 8.5e307 for a
    2-place, 12-digit field is refused by the document as by the server (issue 31)."""
    json_schema = _decimal_schema(self, schema)
    places, digits = schema.get("decimal_places"), schema.get("max_digits")
    for branch in json_schema.get("anyOf", []):
        if branch.get("type") != "number":
            continue
        if places is not None and "multipleOf" not in branch:
            branch["multipleOf"] = 1 if places == 0 else float(f"1e-{places}")
        if digits is not None:
            bound = 10 ** (digits - (places or 0))
            if not any(k in branch for k in ("maximum", "exclusiveMaximum")) or branch.get("maximum", 0) >= bound:
                branch.pop("maximum", None)
                branch["exclusiveMaximum"] = bound
            if not any(k in branch for k in ("minimum", "exclusiveMinimum")):
                branch["exclusiveMinimum"] = -bound
    return json_schema


_fastapi_schema.GenerateJsonSchema.decimal_schema = _decimal_number

_INT_BOUNDS = "x-flow-int-bounds"
_int_schema = _fastapi_schema.GenerateJsonSchema.int_schema


def _int_exact(self, schema) -> dict:  # a method of FastAPI's GenerateJsonSchema
    """An integer's bounds, kept beside it as an extension (held as written) for `finish()`."""
    json_schema = _int_schema(self, schema)
    bounds = {k: v for k, v in json_schema.items() if k in ("minimum", "maximum", "exclusiveMinimum",
                                                                "exclusiveMaximum") and abs(v) > 2**53}
    if bounds:
        json_schema[_INT_BOUNDS] = bounds
    return json_schema


_fastapi_schema.GenerateJsonSchema.int_schema = _int_exact
