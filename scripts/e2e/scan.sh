#!/usr/bin/env bash
# End-to-end checks of `loupe scan` with the built binary and the default rules.
# Usage: scripts/e2e/scan.sh PATH/TO/loupe   (prints one line per failed check; exit 1 on any)
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
schema="$root/Tests/LoupeRedactionTests/Fixtures/scan/sarif-2.1.0-subset.schema.json"
cd "$work" || exit 1

# Fake secrets of the shapes the default rules know.
aws=AKIAIOSFODNN7QWERTYU
mail=jane.doe+ci@example.org
token=t0k3n_Q8vZr2Lm9Xw4Yp7Hs6Kd1Jf5Nb3
pat=ghp_16C7e42F292c6912E7710c838347Ae178B4a

# --- fixtures -----------------------------------------------------------------------------
printf 'GET /health 200 12ms\nversion 1.4.2 released 2026-11-22T10:00:00Z\n' >clean.log
printf 'boot ok\nexport AWS_ACCESS_KEY_ID=%s # owner %s\n' "$aws" "$mail" >leak.log
cat >traffic.har <<EOF
{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [
  {"request": {"method": "GET", "url": "https://api.example.com/me",
    "headers": [{"name": "Accept", "value": "application/json"},
                {"name": "Authorization", "value": "Bearer $token"}]},
   "response": {"status": 200, "content": {"mimeType": "application/json", "text": "{}"}}}]}}
EOF
printf '{"seq":1,"url":"/a"}\n{"seq":2,"request":{"headers":[{"name":"Authorization","value":"Bearer [REDACTED:bearer-token]"}]},"user":"[REDACTED:email]"}\n{"seq":3,"body":"contact %s"}\n' "$mail" >events.ndjson
printf 'Authorization: Bearer [REDACTED:bearer-token]\nkey=[REDACTED:aws-access-key-id] mail [email:0a1b2c3d] card ****1111\n' >redacted.log
mkdir -p tree/.git tree/.build-x tree/nested/deeper
cp leak.log tree/.git/leaked-in-git.log
cp leak.log tree/.build-x/leaked-in-build.log
printf 'token: %s\n' "$pat" >tree/nested/deeper/config.yml
printf 'PK\0\0binary %s' "$aws" >tree/blob.bin
cp clean.log tree/
python3 -m zipfile -c export.zip traffic.har events.ndjson clean.log tree/blob.bin
printf 'this is not a zip archive\n' >corrupt.zip
mkdir -p badrules && printf '[[rule]]\nid = "broken"\ncategory = "token"\npattern = "(unclosed"\n' >badrules/bad.toml
mkdir -p slowrules && printf "[[rule]]\nid = \"catastrophic\"\ncategory = \"token\"\npattern = '''(a+)+\$'''\n" >slowrules/slow.toml
printf '%s!\n' "$(printf 'a%.0s' $(seq 1 40))" >backtrack.txt

# --- checks -------------------------------------------------------------------------------
run "clean file" 0 "$loupe" scan clean.log
has "clean summary" "$out" '^0 findings in 0 files \(1 file scanned, 0 skipped\)'

run "leaking file" 1 "$loupe" scan leak.log
has "aws rule and location" "$out" '^leak\.log:2:[0-9]+: aws-access-key-id \(token\) '
has "email rule" "$out" '^leak\.log:2:[0-9]+: email \(pii\) '
lacks "aws key hidden" "$out" "$aws"
lacks "email hidden" "$out" "$mail"
has "leak summary" "$out" '^2 findings in 1 file \(1 file scanned, 0 skipped\)'

run "har" 1 "$loupe" scan traffic.har
has "har pointer" "$out" '^traffic\.har#/log/entries/0/request/headers/1/value: bearer-token '
lacks "bearer token hidden" "$out" "$token"

run "ndjson" 1 "$loupe" scan events.ndjson
has "ndjson line and pointer" "$out" '^events\.ndjson:3#/body: email '
has "ndjson placeholders are clean" "$out" '^1 finding in 1 file'

run "redacted output is clean" 0 "$loupe" scan redacted.log

run "folder" 1 "$loupe" scan tree
has "nested file found" "$out" '^tree/nested/deeper/config\.yml:1:8: github-token '
lacks ".git skipped" "$out" "leaked-in-git"
lacks ".build skipped" "$out" "leaked-in-build"
has "binary skipped and counted" "$out" '\(2 files scanned, 1 skipped\)'

run "zip" 1 "$loupe" scan export.zip
has "zip har entry" "$out" '^export\.zip!/traffic\.har#/log/entries/0/request/headers/1/value: bearer-token '
has "zip ndjson entry" "$out" '^export\.zip!/events\.ndjson:3#/body: email '
has "zip counts entries" "$out" '\(3 files scanned, 1 skipped\)'
lacks "zip hides token" "$out" "$token"

run "sarif" 1 "$loupe" scan --format sarif leak.log traffic.har export.zip
if python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["version"] == "2.1.0", d["version"]; assert d["runs"][0]["tool"]["driver"]["name"] == "loupe"; assert len(d["runs"][0]["results"]) == 5, len(d["runs"][0]["results"])' <<<"$out"; then pass; else fail "sarif is JSON 2.1.0 with 5 results"; fi
lacks "sarif hides the key" "$out" "$aws"
lacks "sarif hides the token" "$out" "$token"
if python3 -c 'import jsonschema' 2>/dev/null; then
    if python3 -c 'import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(sys.stdin))' "$schema" <<<"$out"; then pass; else fail "sarif matches the SARIF 2.1.0 subset schema"; fi
fi

run "json report" 1 "$loupe" scan --format json leak.log clean.log
if python3 -c 'import json, sys; d = json.load(sys.stdin); s = d["summary"]; assert (s["findings"], s["filesWithFindings"], s["filesScanned"]) == (2, 1, 2), s; assert d["findings"][0]["ruleId"] == "aws-access-key-id"' <<<"$out"; then pass; else fail "json report shape: $out"; fi

run "output file and quiet" 1 "$loupe" scan --quiet --format sarif --output report.sarif leak.log
if [ -z "$out" ] && python3 -c 'import json; assert json.load(open("report.sarif"))["version"] == "2.1.0"'; then pass; else fail "--quiet prints nothing and --output holds the report"; fi
mode=$(stat -c %a report.sarif 2>/dev/null || stat -f %Lp report.sarif)
[ "$mode" = 600 ] && pass || fail "the --output report has mode $mode, wanted 600"
[ -z "$(ls -A | grep '^\.report.sarif.loupe-')" ] && pass || fail "--output left its staging folder: $(ls -A)"

run "standard input" 1 bash -c "printf 'key %s\n' $aws | '$loupe' scan -"
has "stdin finding" "$out" '^-:1:5: aws-access-key-id '

run "no colour when piped" 1 env -u NO_COLOR "$loupe" scan leak.log
lacks "no escape codes" "$out" $'\e['

run "missing path" 2 "$loupe" scan leak.log does-not-exist.log
has "missing path named" "$err" "does-not-exist\.log.*no such file"
has "findings still reported" "$out" '^leak\.log:2:'

run "corrupt zip" 2 "$loupe" scan corrupt.zip
has "corrupt zip named" "$err" "corrupt\.zip.*not a readable zip archive"

run "bad rules" 2 "$loupe" scan --rules badrules clean.log
has "bad rule located" "$err" 'badrules/bad\.toml:[0-9]+:'

run "match limit fails closed" 1 "$loupe" scan --no-default-rules --rules slowrules backtrack.txt
has "unscannable finding" "$out" '^backtrack\.txt:1:1: unscannable '

finish
