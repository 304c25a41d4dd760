#!/bin/bash
# The Kafka stand-in's start: every KAFKA_* variable (but the JVM's) becomes a server property as
# in the real image (KAFKA_A_B -> a.b, __ -> _, ___ -> -), then the storage is formatted once and
# the broker runs in the foreground.
set -euo pipefail
props=/opt/kafka/config/server.properties
: > "$props"
while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_LOG4J_OPTS | KAFKA_JMX_OPTS | KAFKA_VERSION) continue ;;
    KAFKA_*) ;;
    *) continue ;;
  esac
  key=$(echo "${name#KAFKA_}" | tr '[:upper:]' '[:lower:]' | sed -e 's/___/-/g' -e 's/__/@/g' -e 's/_/./g' -e 's/@/_/g')
  echo "$key=$value" >> "$props"
done < <(env)
grep -q '^log.dirs=' "$props" || echo "log.dirs=/var/lib/kafka/data" >> "$props"
java=(java ${KAFKA_HEAP_OPTS:--Xmx512m -Xms512m} ${KAFKA_OPTS:-} -cp '/opt/kafka/libs/*')
logs=$(sed -n 's/^log.dirs=//p' "$props")
if [ ! -f "${logs%%,*}/meta.properties" ]; then
  "${java[@]}" kafka.tools.StorageTool format --ignore-formatted \
    --cluster-id "${CLUSTER_ID:-5L6g3nShT-eMCtK--X86sw}" --config "$props"
fi
exec "${java[@]}" kafka.Kafka "$props"
