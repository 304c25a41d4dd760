# Sourced by ./spate, .ci/run and bench/run: sets JAVA_HOME to a JDK 21 or newer (JAVA_HOME first,
# then /usr/lib/jvm) or stops with a clear message.
# The JDK's release file names its version without starting a JVM (about 0.3-0.9 s saved a run);
# a JDK without one is asked directly.
java_major() {
  local line
  # read with the shell's own builtins: a program started per JDK cost 15 ms each
  if [ -r "$1/release" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      case "$line" in JAVA_VERSION=\"*\")
        line=${line#JAVA_VERSION=\"}
        echo "${line%\"}"
        return 0
        ;;
      esac
    done <"$1/release"
  fi
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -n 1
}

find_java() {
  local candidate major
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/javac" ] || continue
    major=$(java_major "$candidate")
    if [ -n "$major" ] && [ "${major%%.*}" -ge 21 ] 2>/dev/null; then
      export JAVA_HOME="$candidate" JAVA_MAJOR="${major%%.*}"
      return 0
    fi
  done
  echo "spate: no JDK 21 or newer found (looked at JAVA_HOME='${JAVA_HOME:-}' and /usr/lib/jvm/*); install one (e.g. apt-get install openjdk-21-jdk-headless) or set JAVA_HOME" >&2
  return 1
}
