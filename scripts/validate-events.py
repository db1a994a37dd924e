#!/usr/bin/env python3
"""Validate Loupe events against docs/event.schema.json.

Usage: validate-events.py SCHEMA FILE...
Each FILE holds NDJSON (one event per line) or a JSON array of events. Prints one line per
invalid event (file:line or file[index], the JSON path, and the reason) and exits 1 when any
event is invalid, 2 when a file cannot be read, 0 otherwise.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator, FormatChecker
except ImportError:
    sys.exit("validate-events.py: the Python package 'jsonschema' is missing; run `make deps`.")


def documents(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if text.lstrip().startswith("["):
        for index, event in enumerate(json.loads(text)):
            yield f"{path}[{index}]", event
    else:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield f"{path}:{number}", json.loads(line)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    invalid = checked = 0
    for path in argv[2:]:
        try:
            for where, event in documents(path):
                checked += 1
                errors = sorted(validator.iter_errors(event), key=lambda e: list(e.absolute_path))
                for error in errors:
                    pointer = "/" + "/".join(str(p) for p in error.absolute_path)
                    print(f"{where}: {pointer}: {error.message}")
                invalid += bool(errors)
        except (OSError, ValueError) as error:
            print(f"{path}: cannot read events: {error}", file=sys.stderr)
            return 2
    print(f"{checked - invalid} valid, {invalid} invalid")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
