#!/usr/bin/env bash
# deploy/ run for real with podman (Docker's engine is not needed): builds both of Spate's images
# from deploy/Dockerfile, fills TPC-C (one warehouse) through a broker, two worker containers and
# the coordinator image, checks the tables against a local fill of the same seed, then starts
# deploy/docker-compose.yml with podman-compose and runs its submit service.
#
# The one substitution: no image registry is reachable here, so the base images the Dockerfile
# and the compose file name (maven:3.9-eclipse-temurin-21, eclipse-temurin:21-jre,
# apache/kafka:4.3.1, postgres:17) are stand-ins built locally (deploy/stand-ins/) from a
# debootstrapped Debian 12, the machine's JDK, Maven and Debian's PostgreSQL 15, tagged with those
# names; Spate's images are then built from the real Dockerfile with --pull=never.
#
# Run as root from anywhere: deploy/test-images.sh (.ci/run runs it after ./mvnw verify). Skipped,
# saying why, where podman cannot be installed or the stand-ins' sources cannot be fetched.
# Downloads are cached in SPATE_IMAGE_CACHE (default /var/cache/spate-images), the images in
# podman's storage, so a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=${SPATE_IMAGE_CACHE:-/var/cache/spate-images}
project=spate-images-test
compose=(podman-compose -p "$project" -f deploy/docker-compose.yml)
start=$SECONDS

say() { echo "test-images [$((SECONDS - start)) s]: $*"; }
skip() {
  say "skipped: $*"
  exit 0
}
fail() {
  say "FAILED: $*" >&2
  exit 1
}

# ---- podman ------------------------------------------------------------------------------------
[ "$(id -u)" = 0 ] || skip "needs root (podman with bridge networking)"
if ! command -v podman >/dev/null || ! command -v podman-compose >/dev/null \
  || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  command -v apt-get >/dev/null || skip "podman is not installed and there is no apt-get"
  say "installing podman, runc, podman-compose, debootstrap"
  packages=(podman runc podman-compose debootstrap)
  timeout 300 apt-get install -y -q "${packages[@]}" >/tmp/spate-test-images-apt.log 2>&1 \
    || { timeout 120 apt-get update -q && timeout 300 apt-get install -y -q "${packages[@]}"; } \
      >>/tmp/spate-test-images-apt.log 2>&1 \
    || skip "apt-get could not install podman (see /tmp/spate-test-images-apt.log)"
fi
mkdir -p "$cache"
# crun cannot set rlimits here: runc, and no default ulimits. No systemd: cgroupfs, a file log.
cat >"$cache/containers.conf" <<'EOF'
[containers]
default_ulimits = []
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
export CONTAINERS_CONF="$cache/containers.conf"
podman info >/dev/null 2>&1 || skip "podman does not work here: $(podman info 2>&1 | tail -n 1)"

# ---- the stand-in base images ------------------------------------------------------------------
. scripts/find-java.sh
find_java
jdk=$JAVA_HOME
base=localhost/spate-stand-in/debian:bookworm
rootfs="$cache/debian-bookworm-minbase.tar"
if [ ! -f "$rootfs" ]; then
  say "debootstrap of a minimal Debian 12 (cached in $rootfs)"
  rm -rf "$cache/rootfs"
  timeout 900 debootstrap --variant=minbase bookworm "$cache/rootfs" http://deb.debian.org/debian \
    >"$cache/debootstrap.log" 2>&1 || skip "debootstrap failed (see $cache/debootstrap.log)"
  tar -C "$cache/rootfs" --exclude='./var/cache/apt/archives/*.deb' -cf "$rootfs.tmp" .
  mv "$rootfs.tmp" "$rootfs"
  rm -rf "$cache/rootfs"
fi
podman image exists "$base" || podman import -q "$rootfs" "$base" >/dev/null

# The runtime of eclipse-temurin:21-jre: jlink'ed from the machine's JDK (25: the jars target 21).
if [ ! -d "$cache/jre/jre" ]; then
  say "jlink of a runtime from $jdk"
  rm -rf "$cache/jre"
  "$jdk/bin/jlink" --output "$cache/jre/jre" --strip-debug --no-man-pages --no-header-files \
    --compress=zip-6 --add-modules java.se,jdk.unsupported,jdk.crypto.ec,jdk.crypto.cryptoki,\
jdk.charsets,jdk.localedata,jdk.management,jdk.management.agent,jdk.jfr,jdk.naming.dns,jdk.net,\
jdk.zipfs,jdk.httpserver,jdk.security.auth,jdk.security.jgss
fi
# maven:3.9-eclipse-temurin-21: the whole JDK and the Maven distribution ./mvnw runs.
if [ ! -d "$cache/maven/maven" ]; then
  maven_home=$(./mvnw -v | sed -n 's/^Maven home: //p')
  [ -x "$maven_home/bin/mvn" ] || skip "no Maven distribution from ./mvnw"
  rm -rf "$cache/maven" && mkdir -p "$cache/maven"
  cp -rL "$jdk" "$cache/maven/jdk" # -L: cacerts may be a link into the host's /etc
  cp -a "$maven_home" "$cache/maven/maven"
fi
# apache/kafka:4.3.1: the broker's and the tools' jars, from Maven Central.
kafka_version=4.3.1
if [ ! -d "$cache/kafka/libs" ]; then
  say "Kafka $kafka_version jars from Maven Central"
  rm -rf "$cache/kafka" && mkdir -p "$cache/kafka"
  cat >"$cache/kafka/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.spate.stand-in</groupId>
  <artifactId>kafka-libs</artifactId>
  <version>$kafka_version</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$kafka_version</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-tools</artifactId><version>$kafka_version</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><version>2.0.17</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId><version>2.0.17</version></dependency>
  </dependencies>
</project>
EOF
  timeout 600 ./mvnw -B -ntp -q -f "$cache/kafka/pom.xml" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$cache/kafka/libs.tmp" \
    || skip "the Kafka jars could not be fetched"
  mv "$cache/kafka/libs.tmp" "$cache/kafka/libs"
fi

# build IMAGE CONTAINERFILE CONTEXT: a stand-in (podman's layer cache makes a rebuild cheap).
build_stand_in() {
  local log="$cache/build-${2%%.*}.log"
  cp deploy/stand-ins/* "$3/" 2>/dev/null || true
  podman build -q --pull=never -f "deploy/stand-ins/$2" -t "$1" "$3" >"$log" 2>&1 \
    || fail "building the stand-in $1 (see $log): $(tail -n 3 "$log")"
}
say "stand-ins for the base images (the only substitution; deploy/stand-ins/):"
build_stand_in eclipse-temurin:21-jre jre.Containerfile "$cache/jre"
build_stand_in maven:3.9-eclipse-temurin-21 maven.Containerfile "$cache/maven"
build_stand_in apache/kafka:$kafka_version kafka.Containerfile "$cache/kafka"
mkdir -p "$cache/postgres"
build_stand_in postgres:17 postgres.Containerfile "$cache/postgres"
podman images --format '  {{.Repository}}:{{.Tag}} {{.Size}}' \
  | grep -E 'eclipse-temurin|maven|apache/kafka|postgres'

# ---- Spate's images, from the real Dockerfile -------------------------------------------------
for target in worker coordinator; do
  log="$cache/build-spate-$target.log"
  say "podman build --pull=never -f deploy/Dockerfile --target $target -t spate-$target:0.1.0 ."
  podman build --pull=never --ignorefile deploy/Dockerfile.dockerignore -f deploy/Dockerfile \
    --target "$target" -t "spate-$target:0.1.0" . >"$log" 2>&1 \
    || fail "building spate-$target (see $log): $(tail -n 5 "$log")"
done

# ---- what the images are -----------------------------------------------------------------------
for target in worker coordinator; do
  uid=$(podman run --rm --entrypoint id "spate-$target:0.1.0" -u)
  [ "$uid" = 10001 ] || fail "spate-$target runs as uid $uid, not 10001"
done
say "both images run as uid 10001 (non-root)"
jar="$cache/spate-worker.jar"
id=$(podman create spate-worker:0.1.0)
podman cp "$id:/opt/spate/spate.jar" "$jar" && podman rm "$id" >/dev/null
classes=$("$jdk/bin/jar" tf "$jar")
grep -q '^io/spate/worker/cli/WorkerMain.class$' <<<"$classes" || fail "the worker jar has no WorkerMain"
if grep -E -q '^io/spate/(coordinator|core)/' <<<"$classes"; then
  fail "the worker image holds coordinator or core classes: $(grep -E -m 3 '^io/spate/(coordinator|core)/' <<<"$classes")"
fi
say "the worker image's jar holds $(grep -c '\.class$' <<<"$classes") classes, none of io/spate/coordinator or io/spate/core"

# ---- the environment: broker and database from the compose file --------------------------------
net=${project}_default
db_port=$((20000 + RANDOM % 10000))
http_port=$((db_port + 1))
export SPATE_DB_PORT=$db_port SPATE_HTTP_PORT=$http_port
extra=()
cleanup() {
  [ ${#extra[@]} -eq 0 ] || podman rm -f -t 5 "${extra[@]}" >/dev/null 2>&1 || true
  "${compose[@]}" down -v >/dev/null 2>&1 || true
  podman network rm -f "$net" >/dev/null 2>&1 || true
}
trap cleanup EXIT
cleanup

# healthy CONTAINER SECONDS: polls the container's own health check (the compose file's command:
# podman runs none on a timer without systemd, and podman-compose 1.0 waits for no condition).
healthy() {
  local deadline=$((SECONDS + $2))
  until podman healthcheck run "$1" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || fail "$1 not healthy in $2 s: $(podman logs --tail 20 "$1" 2>&1)"
    sleep 2
  done
}
say "podman-compose up -d kafka postgres"
"${compose[@]}" up -d kafka postgres >"$cache/compose-up.log" 2>&1 \
  || fail "compose up (see $cache/compose-up.log)"
healthy "${project}_postgres_1" 120
healthy "${project}_kafka_1" 120
say "kafka and postgres healthy (their compose health checks)"

# sql DATABASE QUERY: one psql query in the database container, unaligned.
sql() { podman exec "${project}_postgres_1" psql -v ON_ERROR_STOP=1 -qAt -U spate -d "$1" -c "$2"; }
# checksums DATABASE: every table's row count and an order-free digest of its rows.
checksums() {
  local table
  for table in $(sql "$1" "select tablename from pg_tables where schemaname = 'public' order by 1"); do
    echo "$table $(sql "$1" "select count(*) || ' ' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '-') from $table t")"
  done
}

# ---- a fill through two worker containers and the coordinator image ----------------------------
worker_args=(--bootstrap kafka:9092 --db jdbc:postgresql://postgres:5432/spate --user spate
  --password-env SPATE_DB_PASSWORD --threads 2 --http-port 8081 --http-host 0.0.0.0)
for w in 1 2; do
  podman run -d --name "$project-w$w" --network "$net" -m 1g -e SPATE_DB_PASSWORD=spate \
    spate-worker:0.1.0 "${worker_args[@]}" >/dev/null
  extra+=("$project-w$w")
done
# get NAME PATH: the status line of an HTTP GET from inside the container network.
get() {
  podman run --rm --network "$net" --entrypoint bash spate-coordinator:0.1.0 -c \
    "exec 3<>/dev/tcp/$1/8081 && printf 'GET $2 HTTP/1.0\r\n\r\n' >&3 && head -n 1 <&3" 2>/dev/null \
    | tr -d '\r'
}
for w in 1 2; do
  deadline=$((SECONDS + 120))
  until [[ "$(get "$project-w$w" /ready)" == *" 200 "* ]]; do
    [ $SECONDS -lt $deadline ] || fail "worker $w not ready: $(podman logs --tail 20 "$project-w$w" 2>&1)"
    sleep 2
  done
  say "worker $w from the network: /health $(get "$project-w$w" /health), /ready $(get "$project-w$w" /ready)"
done
# Each worker reaches the database by its service name (their first connection is a task's).
for w in 1 2; do
  deadline=$((SECONDS + 60))
  until podman exec "$project-w$w" bash -c 'exec 3<>/dev/tcp/postgres/5432' 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || fail "worker $w cannot reach postgres:5432; it resolves postgres as:
$(podman exec "$project-w$w" getent ahosts postgres 2>&1)"
    sleep 2
  done
done
say "both workers reach postgres:5432"
say "fill: spate-coordinator submit (tpcc, 1 warehouse) through the 2 worker containers"
podman run --rm --name "$project-submit" --network "$net" -e SPATE_DB_PASSWORD=spate \
  -v "$root/examples/tpcc.yaml:/etc/spate/fill.yaml:ro" spate-coordinator:0.1.0 \
  submit --bootstrap kafka:9092 --db jdbc:postgresql://postgres:5432/spate --user spate \
  --password-env SPATE_DB_PASSWORD --config /etc/spate/fill.yaml --truncate \
  >"$cache/fill-containers.log" 2>&1 \
  || fail "the fill failed: $(tail -n 20 "$cache/fill-containers.log")
$(for w in 1 2; do echo "worker $w's log:"; podman logs --tail 15 "$project-w$w" 2>&1; done)
postgres's log: $(podman logs --tail 15 "${project}_postgres_1" 2>&1)"
sed -n '/^table /,/^filled /p' "$cache/fill-containers.log" | sed 's/^/  /'
checksums spate >"$cache/checksums-containers.txt"

say "local fill: ./spate local, the same config and seed, into database spate_local"
sql spate "create database spate_local" >/dev/null
podman exec "${project}_postgres_1" psql -v ON_ERROR_STOP=1 -q -U spate -d spate_local \
  -f /docker-entrypoint-initdb.d/10-tpcc.sql >/dev/null
SPATE_DB_PASSWORD=spate ./spate local --config examples/tpcc.yaml \
  --db "jdbc:postgresql://127.0.0.1:$db_port/spate_local" --user spate \
  --password-env SPATE_DB_PASSWORD >"$cache/fill-local.log" 2>&1 \
  || fail "the local fill failed: $(tail -n 20 "$cache/fill-local.log")"
checksums spate_local >"$cache/checksums-local.txt"
diff "$cache/checksums-local.txt" "$cache/checksums-containers.txt" >&2 \
  || fail "the containers' fill differs from the local fill (above: local <, containers >)"
say "table checksums equal the local fill's:"
sed 's/^/  /' "$cache/checksums-containers.txt"
expected_rows=$(awk '{ n += $2 } END { print n }' "$cache/checksums-local.txt")
podman rm -f -t 30 "${extra[@]}" >/dev/null
extra=()

# ---- the compose file, as the README runs it ---------------------------------------------------
# podman-compose 1.0 (Debian 12's) ignores profiles and --scale: the services are named (else it
# would start submit too) and deploy.replicas (2) sets the workers.
say "podman-compose up -d --scale worker=3 kafka postgres coordinator worker"
"${compose[@]}" up -d --scale worker=3 kafka postgres coordinator worker >>"$cache/compose-up.log" 2>&1 \
  || fail "compose up (see $cache/compose-up.log)"
healthy "${project}_coordinator_1" 120
workers=$(podman ps --format '{{.Names}}' --filter "label=io.podman.compose.project=$project" \
  --filter "label=com.docker.compose.service=worker")
for worker in $workers; do healthy "$worker" 120; done
say "coordinator and $(wc -w <<<"$workers") workers healthy (their compose health checks)"
say "podman-compose run --rm submit"
"${compose[@]}" run --rm -T submit >"$cache/compose-submit.log" 2>&1 || true
grep -q "^filled $expected_rows rows in " "$cache/compose-submit.log" \
  || fail "submit did not end with 'filled $expected_rows rows': $(tail -n 20 "$cache/compose-submit.log")"
sed -n '/^table /,/^filled /p' "$cache/compose-submit.log" | sed 's/^/  /'
checksums spate >"$cache/checksums-compose.txt"
diff "$cache/checksums-local.txt" "$cache/checksums-compose.txt" >&2 \
  || fail "the compose fill differs from the local fill (above: local <, compose >)"
say "compose fill: row counts and checksums equal the local fill's ($expected_rows rows)"
say "passed"
