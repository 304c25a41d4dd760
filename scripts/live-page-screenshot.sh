#!/usr/bin/env bash
# Takes docs/live-page.png: the coordinator service's live page in headless Chromium, mid-fill.
#
#   scripts/live-page-screenshot.sh [OUT.png]
#
# Needs: Debian's chromium (apt-get install -y chromium), psql, and a PostgreSQL at
# ${SPATE_PG_HOST:-127.0.0.1}:${SPATE_PG_PORT:-5432} that user ${SPATE_PG_USER:-postgres} reaches
# without a password. It starts a development broker, the coordinator service and two workers from
# this checkout's jar, submits a TPC-C fill of ${WAREHOUSES:-2} warehouses into a scratch database
# (spate_live_page, dropped at the end) through `spate submit --coordinator --detach`, waits until
# about a third of the rows are in, takes the screenshot, lets the fill finish and stops everything.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/live-page.png}"
pg_host="${SPATE_PG_HOST:-127.0.0.1}" pg_port="${SPATE_PG_PORT:-5432}" pg_user="${SPATE_PG_USER:-postgres}"
db=spate_live_page
schemas="${SPATE_SCHEMAS:-$root/examples/schemas}"
command -v chromium >/dev/null || { echo "live-page-screenshot: no chromium (apt-get install -y chromium)" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -qc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

spate="$root/spate"
"$spate" --version >/dev/null # builds the jar once, before anything is timed

psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -qc "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d "$db" -q -f "$schemas/tpcc.sql" >/dev/null
url="jdbc:postgresql://$pg_host:$pg_port/$db"

kafka_port="$(free_port)" http_port="$(free_port)"
export SPATE_API_TOKEN="screenshot-$RANDOM$RANDOM"
"$spate" broker --port "$kafka_port" --data-dir "$work/kafka" >"$work/broker.log" 2>&1 & pids+=($!)
sleep 3
"$spate" coordinator --bootstrap "127.0.0.1:$kafka_port" --port "$http_port" --bind 127.0.0.1 --db "$url" --user "$pg_user" >"$work/coordinator.log" 2>&1 & pids+=($!)
worker_ports=()
for i in 1 2; do
  worker_ports+=("$(free_port)")
  "$spate" worker --bootstrap "127.0.0.1:$kafka_port" --db "$url" --user "$pg_user" --threads 1 --http-port "${worker_ports[-1]}" >"$work/worker$i.log" 2>&1 & pids+=($!)
done
base="http://127.0.0.1:$http_port"
for _ in $(seq 1 120); do curl -sf "$base/health" >/dev/null && break; sleep 0.5; done
for port in "${worker_ports[@]}"; do # the workers hold task partitions before the job starts
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/ready" >/dev/null && break; sleep 0.5; done
done

job="$("$spate" submit --coordinator "$base" --config "$root/examples/tpcc.yaml" --rows "warehouse=${WAREHOUSES:-2}" --task-rows 50000 --detach 2>"$work/submit.log")"
echo "live-page-screenshot: job $job on $base" >&2
for _ in $(seq 1 600); do
  done_share="$(curl -sf -H "Authorization: Bearer $SPATE_API_TOKEN" "$base/jobs/$job" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["rowsDone"] / j["rowsPlanned"])')"
  python3 -c "import sys; sys.exit(0 if $done_share >= 0.33 else 1)" && break
  sleep 0.2
done
mkdir -p "$(dirname "$out")"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,660 --virtual-time-budget=3000 \
  --screenshot="$out" "$base/#token=$SPATE_API_TOKEN&job=$job" 2>"$work/chromium.log"
echo "live-page-screenshot: wrote $out at $(python3 -c "print(round(100 * $done_share))")% of the fill" >&2
for _ in $(seq 1 600); do
  state="$(curl -sf -H "Authorization: Bearer $SPATE_API_TOKEN" "$base/jobs/$job" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')"
  [ "$state" != RUNNING ] && break
  sleep 0.5
done
echo "live-page-screenshot: job $job $state" >&2
