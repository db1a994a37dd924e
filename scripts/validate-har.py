#!/usr/bin/env python3
"""Validate HAR files against docs/har-1.2.schema.json, and optionally load them with mitmproxy.

Usage: validate-har.py SCHEMA FILE... [--mitmproxy]
Prints one line per problem (file, JSON path, reason) and "N valid, N invalid"; exits 1 when a
file is invalid, 2 when a file cannot be read or mitmproxy is asked for but missing, 0 otherwise.
With --mitmproxy, each file is also read with mitmproxy's HAR loader and the flow count printed.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit("validate-har.py: the Python package 'jsonschema' is missing; run `make deps`.")


def main(argv):
    use_mitmproxy = "--mitmproxy" in argv
    argv = [arg for arg in argv if arg != "--mitmproxy"]
    if len(argv) < 3:
        sys.exit(__doc__)
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    valid = invalid = 0
    for path in argv[2:]:
        try:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"{path}: cannot read: {error}")
            return 2
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            where = "/" + "/".join(str(part) for part in error.absolute_path)
            print(f"{path}: {where}: {error.message}")
        if errors:
            invalid += 1
        else:
            valid += 1
        if use_mitmproxy:
            try:
                from mitmproxy.io.har import request_to_flow
            except ImportError:
                print("mitmproxy is not installed")
                return 2
            flows = [request_to_flow(entry) for entry in document["log"]["entries"]]
            print(f"{path}: mitmproxy read {len(flows)} flows")
    print(f"{valid} valid, {invalid} invalid")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
