#!/usr/bin/env bash
# Load NAME.sql into a scratch database (corpus_NAME) and run every rule of
# NAME.rules.yaml against the EMPTY schema, to prove the DDL loads and each
# rule is one valid SELECT returning one row with one column.
# Results on the empty database are not meaningful and are not judged.
# usage: check-rules.sh NAME [--keep]
set -euo pipefail
cd "$(dirname "$0")"
name="$1"; keep="${2:-}"
db="corpus_${name//-/_}"
PGHOST="${PGHOST:-127.0.0.1}"; MYHOST="${MYHOST:-127.0.0.1}"
dialect=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["dialect"])' "$name.rules.yaml")
case "$dialect" in
  postgres)
    psql -q -h "$PGHOST" -U postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
    psql -q -X -v ON_ERROR_STOP=1 -h "$PGHOST" -U postgres -d "$db" -f "$name.sql" >/dev/null
    run() { psql -X -At -F '|' -v ON_ERROR_STOP=1 -h "$PGHOST" -U postgres -d "$db" -c "$1"; }
    drop() { psql -q -h "$PGHOST" -U postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null; } ;;
  mariadb)
    mariadb -h "$MYHOST" -u root -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
    mariadb -h "$MYHOST" -u root "$db" < "$name.sql"
    run() { mariadb -h "$MYHOST" -u root -N -B "$db" -e "$1"; }
    drop() { mariadb -h "$MYHOST" -u root -e "DROP DATABASE IF EXISTS $db"; } ;;
  *) echo "unknown dialect $dialect" >&2; exit 2 ;;
esac
fail=0; n=0
while IFS=$'\t' read -r id sql; do
  n=$((n+1))
  if ! out=$(run "$sql" 2>&1); then
    echo "FAIL $id: $out"; fail=$((fail+1)); continue
  fi
  rows=$(printf '%s\n' "$out" | wc -l)
  if [ "$rows" -ne 1 ] || printf '%s' "$out" | grep -q $'[|\t]'; then
    echo "FAIL $id: expected one row, one column, got: $out"; fail=$((fail+1)); continue
  fi
  echo "ok   $id -> ${out:-NULL}"
done < <(python3 - "$name.rules.yaml" <<'PY'
import sys, yaml, re
doc = yaml.safe_load(open(sys.argv[1]))
ids = set()
for r in doc["rules"]:
    assert set(r) == {"id", "says", "sql"}, r
    assert r["id"] not in ids, "duplicate id " + r["id"]; ids.add(r["id"])
    assert re.match(r"(?is)^\s*select\b", r["sql"]) and ";" not in r["sql"].rstrip().rstrip(";"), r["id"]
    print(r["id"] + "\t" + " ".join(r["sql"].split()))
PY
)
echo "$name: $n rules, $fail failed"
[ "$keep" = "--keep" ] || drop
[ "$fail" -eq 0 ]
