#!/bin/sh
# Entry point of the Spate images: starts the image's jar with a JVM sized from the container's
# memory, and execs it, so the JVM is PID 1's process and SIGTERM (docker stop, a pod's
# termination) reaches it directly: the worker then stops polling and lets running tasks finish
# within --grace-seconds.
#
#   SPATE_JAR            the jar to run (default /opt/spate/spate.jar; the image sets it)
#   SPATE_RAM_PERCENTAGE heap ceiling as a share of the container's memory limit (default 75)
#   JAVA_OPTS            more JVM options, appended after the defaults (so they win)
#   JAVA                 the java binary (default: $JAVA_HOME/bin/java, else java on the PATH)
#
# Every argument goes to the jar's command line unchanged.
set -eu

jar="${SPATE_JAR:-/opt/spate/spate.jar}"
if [ -n "${JAVA:-}" ]; then
  java="$JAVA"
elif [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
else
  java=java
fi
if [ ! -f "$jar" ]; then
  echo "spate: error: no jar at SPATE_JAR=$jar" >&2
  exit 1
fi

# The JVM reads the container's cgroup limits: MaxRAMPercentage sizes the heap from its memory
# limit (the default, 25%, wastes a container's memory), the rest is left to metaspace, thread
# stacks, Netty's direct buffers and COPY buffers. An out-of-memory error ends the process
# instead of leaving a half-working worker: its running tasks roll back and are delivered again.
# ParallelGC, as ./spate uses: throughput over pause times for a batch loader.
# The JIT as ./spate sets it: commands that plan or follow a job and then end compile with C1
# alone (half the CPU, no hot loop to need C2); the others let C2 compile only code that has run
# ten times as often as by default (the really hot generation loops).
# JAVA_OPTS is split on spaces on purpose (a list of options).
case "${1:-}" in
  submit | plan | status | profile | compare) compiler=-XX:TieredStopAtLevel=1 ;;
  *) compiler="-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000 -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000" ;;
esac
# shellcheck disable=SC2086
exec "$java" \
  -XX:MaxRAMPercentage="${SPATE_RAM_PERCENTAGE:-75}" \
  -XX:InitialRAMPercentage=25 \
  -XX:+UseParallelGC \
  -XX:+ExitOnOutOfMemoryError \
  $compiler \
  ${JAVA_OPTS:-} \
  -jar "$jar" "$@"
